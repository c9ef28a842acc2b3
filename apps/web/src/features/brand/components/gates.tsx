import type { ReactNode } from 'react';
import { ScreenGate } from '../../gate/components/screen-gate';

/** The screens of 品牌曝光分析 (commerce.brand, 专业版+): the server refuses the calls below it too. */
export function BrandGate({ title, children }: { title: string; children: ReactNode }) {
  return (
    <ScreenGate
      feature="commerce.brand"
      title={title}
      intro="品牌在B站的商单视频、提及次数与曝光播放，合作UP主、分区分布、投放花费估算和竞品声量对比；每条识别均附判定依据。"
    >
      {children}
    </ScreenGate>
  );
}

/** The screens of 带货销售报告 (commerce.sale, 企业版+). */
export function SaleGate({ title, children }: { title: string; children: ReactNode }) {
  return (
    <ScreenGate
      feature="commerce.sale"
      title={title}
      intro="UP主或品牌的带货表现：带货商品、带货视频与估算销量区间，支持2~5个对象横向对比。"
    >
      {children}
    </ScreenGate>
  );
}
