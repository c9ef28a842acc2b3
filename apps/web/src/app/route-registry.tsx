import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { NotFound } from '../components/not-found';

/**
 * Pages by the component key the server's menu names (§2.5). A key the web does not know yet renders the
 * not-found page.
 */
const REGISTRY: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  upSearch: lazy(() =>
    import('../features/search/components/creator-search-page').then((module) => ({
      default: module.CreatorSearchPage,
    })),
  ),
  detail: lazy(() =>
    import('../features/creator/components/creator-detail-page').then((module) => ({
      default: module.CreatorDetailPage,
    })),
  ),
};

export function hasPage(componentKey: string): boolean {
  return Object.hasOwn(REGISTRY, componentKey);
}

export function RegistryPage({ componentKey }: { componentKey: string }) {
  const Page = Object.hasOwn(REGISTRY, componentKey) ? REGISTRY[componentKey] : undefined;
  return Page ? <Page /> : <NotFound />;
}
