/**
 * What a rendered file shows (spec 02 §5 render rules): everything already through the privacy
 * function and already in the render's language, so the PDF and DOCX writers only lay it out.
 */

/** A chart of a card: a bar or line chart over categories, each series one value per category. */
export interface RenderChart {
  kind: 'bar' | 'line';
  /** Category labels (periods, colours, words), in order. */
  categories: string[];
  /** Each series: its name and one value per category; null where the group is hidden. */
  series: { name: string; values: (number | null)[] }[];
  /** The unit shown on the value axis, if any ("people", "%"). */
  unit?: string;
  /** The value axis's end when the values have one (a place on a scale: 100 %). */
  max?: number;
}

/** A card as laid out: its title, its text, and its figures as a chart and as a table. */
export interface RenderCard {
  title: string;
  description?: string;
  /** The card's text (plain text with paragraphs separated by blank lines). */
  text?: string;
  legend?: string;
  chart?: RenderChart;
  /** The chart's figures as a table (the text alternative), header row first. */
  table?: { header: string[]; rows: string[][] };
  /** A hidden figure's reason, said instead of a chart ("Hidden: fewer than 8 people"). */
  hiddenNote?: string;
}

export interface RenderPart {
  name: string;
  cards: RenderCard[];
}

export interface RenderDocument {
  lang: 'fr' | 'en' | 'nl';
  /** The report's name (the cover's title). */
  title: string;
  /** The sphere's name and the period, shown under the title. */
  subtitle: string;
  /** The render's name and date line on the cover. */
  generatedLine: string;
  /** Study-programme sphere: every page says so (spec 01 §1). */
  anonymityWarning?: string;
  /** The confidentiality notice, on its own page after the cover. */
  confidentiality: { title: string; text: string };
  /** Labels of the fixed parts of the file. */
  labels: { contents: string; page: string };
  parts: RenderPart[];
}
