import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Session } from '@shared/contracts/sessions';
import type { Sphere } from '@shared/contracts/spheres';

/**
 * What features add to the pages of a sphere or a session without the spheres feature importing
 * them: tabs of the settings pages (spec 01 §2: sphere settings take `tab=strategy`) and sections of
 * the sphere's and the session's pages. A feature declares them in its face, the app registers them
 * from its list of features, and the pages show them after their own, in order (as home does with
 * its sections, `home-sections.ts`).
 */
export type Place = { kind: 'sphere'; sphere: Sphere } | { kind: 'session'; session: Session };
export type PlaceKind = Place['kind'];

export interface SettingsTabProps {
  place: Place;
  /** Opens the page's general tab (where the sphere's or session's own settings are). */
  openGeneralTab: () => void;
}

export interface SettingsTabDeclaration {
  /** The tab's value in the address (`?tab=<id>`). */
  id: string;
  labelKey: string;
  /** Position among the tabs features add, after the page's own; smallest first. */
  order: number;
  /** The settings pages it appears on. */
  places: readonly PlaceKind[];
  load: () => Promise<{ default: ComponentType<SettingsTabProps> }>;
}

export interface PlaceSectionProps {
  place: Place;
}

export interface PlaceSectionDeclaration {
  id: string;
  /** Position among the sections features add to the page; smallest first. */
  order: number;
  /** The pages it appears on: the sphere's, the session's. */
  places: readonly PlaceKind[];
  load: () => Promise<{ default: ComponentType<PlaceSectionProps> }>;
}

interface Registered<P> {
  id: string;
  order: number;
  places: readonly PlaceKind[];
  component: LazyExoticComponent<ComponentType<P>>;
}

export interface SettingsTab extends Registered<SettingsTabProps> {
  labelKey: string;
}
export type PlaceSection = Registered<PlaceSectionProps>;

const tabs: SettingsTab[] = [];
const sections: PlaceSection[] = [];

function add<T extends { id: string; order: number }>(list: T[], item: T, what: string): void {
  if (list.some((i) => i.id === item.id)) throw new Error(`${what} "${item.id}" is registered twice`);
  list.push(item);
  list.sort((a, b) => a.order - b.order);
}

export function registerSettingsTab({ load, ...tab }: SettingsTabDeclaration): void {
  add(tabs, { ...tab, component: lazy(load) }, 'Settings tab');
}

export function registerPlaceSection({ load, ...section }: PlaceSectionDeclaration): void {
  add(sections, { ...section, component: lazy(load) }, 'Place section');
}

/** The tabs features add to the settings of a sphere or of a session, in order. */
export function settingsTabs(kind: PlaceKind): readonly SettingsTab[] {
  return tabs.filter((t) => t.places.includes(kind));
}

/** The sections features add to a sphere's or a session's page, in order. */
export function placeSections(kind: PlaceKind): readonly PlaceSection[] {
  return sections.filter((s) => s.places.includes(kind));
}
