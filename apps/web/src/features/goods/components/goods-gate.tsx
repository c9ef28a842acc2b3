import type { ReactNode } from 'react';
import { ScreenGate } from '../../gate/components/screen-gate';

/** The goods screens (overview, search, rank, detail): 初级版 and above (commerce.goods; the server enforces it). */
export function GoodsGate({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <ScreenGate feature="commerce.goods" title={title} intro={intro}>
      {children}
    </ScreenGate>
  );
}

/** 带货达人: 专业版 and above (commerce.sellers; the server enforces it). */
export function SellersGate({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <ScreenGate feature="commerce.sellers" title={title} intro={intro}>
      {children}
    </ScreenGate>
  );
}
