import type { ThemeConfig } from 'antd';

// Tessera's palette: a deep lagoon teal for actions, warm ochre for highlights, on warm paper.
// The same values are CSS variables in global.css for the parts drawn without antd.
export const brandTheme: ThemeConfig = {
  cssVar: { key: 'tessera' },
  token: {
    colorPrimary: '#0f6b6e',
    colorInfo: '#0f6b6e',
    colorSuccess: '#2e8b57',
    colorWarning: '#c9821a',
    colorError: '#c4453a',
    colorLink: '#0f6b6e',
    colorText: '#1c2b2d',
    colorTextSecondary: '#51605f',
    colorBgLayout: '#f7f5f0',
    borderRadius: 10,
    fontSize: 15,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Button: { fontWeight: 500, primaryShadow: 'none' },
  },
};
