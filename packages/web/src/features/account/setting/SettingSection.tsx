import { TitledCard, type TitledCardContent } from '../../../shared/ui/TitledCard';
import styles from './SettingSection.module.css';

/** One card of the personal centre, named by its heading. */
export function SettingSection(props: TitledCardContent) {
  return <TitledCard {...props} className={styles.card} headingClassName={styles.heading} />;
}
