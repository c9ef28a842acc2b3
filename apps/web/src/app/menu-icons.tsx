import type { ComponentType } from 'react';
import {
  AccountBookOutlined,
  AlertOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CrownOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  EyeOutlined,
  FireOutlined,
  FolderOutlined,
  FundOutlined,
  HeartOutlined,
  LineChartOutlined,
  MonitorOutlined,
  PlaySquareOutlined,
  SearchOutlined,
  ShoppingOutlined,
  StarOutlined,
  TeamOutlined,
  TrophyOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';

/** antd icon names the server may send in meta.icon; unknown names fall back to AppstoreOutlined. */
const ICONS: Readonly<Record<string, ComponentType>> = {
  AccountBookOutlined,
  AlertOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CrownOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  EyeOutlined,
  FireOutlined,
  FolderOutlined,
  FundOutlined,
  HeartOutlined,
  LineChartOutlined,
  MonitorOutlined,
  PlaySquareOutlined,
  SearchOutlined,
  ShoppingOutlined,
  StarOutlined,
  TeamOutlined,
  TrophyOutlined,
  UserOutlined,
  VideoCameraOutlined,
};

export function MenuIcon({ name }: { name: string | null }) {
  const Icon = (name && Object.hasOwn(ICONS, name) ? ICONS[name] : undefined) ?? AppstoreOutlined;
  return <Icon aria-hidden />;
}
