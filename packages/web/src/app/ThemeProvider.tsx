import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { Language } from '@tessera/domain';
import { useLanguage } from '../shared/i18n';
import { brandTheme } from './theme';

const antdLocales: Record<Language, Locale> = { zh_CN: zhCN, en_US: enUS };

// antd puts a space between two Chinese characters on a button ("确 定"); Tessera's labels are written as meant.
const buttonConfig = { autoInsertSpace: false };

/** antd follows the interface language and wears the brand theme. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [language] = useLanguage();
  return (
    <ConfigProvider locale={antdLocales[language]} theme={brandTheme} button={buttonConfig}>
      {children}
    </ConfigProvider>
  );
}
