import { LANGUAGES, type Language } from '@tessera/domain';
import { languageTag, useLanguage, useT } from '../i18n';
import styles from './LanguageSwitch.module.css';

/**
 * Native radios: Tab reaches the group, arrow keys change the language, no reload. Each radio sits
 * inside its own visible label, so a click anywhere on the label lands on the radio itself.
 */
export function LanguageSwitch() {
  const t = useT();
  const [language, setLanguage] = useLanguage();

  return (
    <fieldset className={styles.switch}>
      <legend className="visually-hidden">{t('common.language.label')}</legend>
      {LANGUAGES.map((option: Language) => (
        <label key={option} className={styles.option} lang={languageTag(option)}>
          <input
            type="radio"
            name="interface-language"
            value={option}
            checked={option === language}
            onChange={() => setLanguage(option)}
            className={styles.input}
          />
          {t(`common.language.${option}`)}
        </label>
      ))}
    </fieldset>
  );
}
