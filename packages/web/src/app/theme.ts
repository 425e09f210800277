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
    // antd's greys (45% and 25% black) fall below WCAG AA's 4.5:1 for hints, counters and placeholders
    // (also on a disabled field's grey).
    colorTextDescription: '#5c6968',
    colorTextPlaceholder: '#606b6a',
    colorBgLayout: '#f7f5f0',
    borderRadius: 10,
    fontSize: 15,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Button: { fontWeight: 500, primaryShadow: 'none' },
    // A tag's text on its pale fill: antd's seventh shade (and the brand's status colours) read below 4.5:1,
    // so tags take darker text and their own light fills.
    Tag: {
      colorSuccess: '#22693f',
      colorSuccessBg: '#eaf5ee',
      colorWarning: '#8a5300',
      colorWarningBg: '#fdf4e3',
      colorError: '#a8352b',
      colorErrorBg: '#fdf0ee',
      colorInfo: '#0f6b6e',
      colorInfoBg: '#e7f3f3',
      green7: '#237804',
      gold7: '#8a5a00',
      cyan7: '#006d75',
      orange7: '#ad4e00',
      volcano7: '#ad2102',
    },
  },
};
