import type { ThemeConfig } from 'antd';

/** Brand colour: a sunset orange-red, used everywhere through the antd theme token. */
export const BRAND_COLOR = '#f0552d';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    colorInfo: '#1677ff',
    colorLink: BRAND_COLOR,
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    colorBgLayout: '#f5f6f8',
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', headerPadding: '0 20px', headerHeight: 64 },
    Menu: { itemBorderRadius: 8, itemSelectedBg: '#fff1eb', itemSelectedColor: BRAND_COLOR },
    Card: { borderRadiusLG: 12 },
  },
};
