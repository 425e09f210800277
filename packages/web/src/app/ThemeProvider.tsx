import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { Language } from '@tessera/domain';
import { useLanguage } from '../shared/i18n';
import { brandTheme } from './theme';

const antdLocales: Record<Language, Locale> = { zh_CN: zhCN, en_US: enUS };

/** antd follows the interface language and wears the brand theme. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [language] = useLanguage();
  return (
    <ConfigProvider locale={antdLocales[language]} theme={brandTheme}>
      {children}
    </ConfigProvider>
  );
}
