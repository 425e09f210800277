import { TitledCard, type TitledCardContent } from '../../shared/ui/TitledCard';
import styles from './wallet.module.css';

/** One card of the wallet page, named by its heading. */
export function WalletSection(props: TitledCardContent) {
  return <TitledCard {...props} className={styles.card} headingClassName={styles.heading} />;
}
