import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Sections of the home page that features own (spec 01 §2 home: the yearly report, the last seven
 * days, recent feelings; later spheres, groups, the centre, the life compass). A feature declares
 * them in its face, the app registers them from its list of features, and the home page shows
 * them in order, so home imports no other feature.
 */
export interface HomeSectionDeclaration {
  id: string;
  /** Position on the page, smallest first. */
  order: number;
  load: () => Promise<{ default: ComponentType }>;
}

interface HomeSection {
  id: string;
  order: number;
  load: HomeSectionDeclaration['load'];
  component: LazyExoticComponent<ComponentType>;
}

const sections: HomeSection[] = [];

export function registerHomeSection({ id, order, load }: HomeSectionDeclaration): void {
  if (sections.some((s) => s.id === id)) throw new Error(`Home section "${id}" is registered twice`);
  sections.push({ id, order, load, component: lazy(load) });
  sections.sort((a, b) => a.order - b.order);
}

export function homeSections(): readonly HomeSection[] {
  return sections;
}

/**
 * Starts downloading every section's code, so that it comes with the start call rather than after
 * it (the home page asks for this as soon as its own code runs).
 */
export function preloadHomeSections(): void {
  for (const section of sections)
    section.load().catch((error: unknown) => {
      // The section's own lazy load tries again and shows the failure where the section goes.
      console.warn(`Home section "${section.id}" could not be preloaded`, error);
    });
}
