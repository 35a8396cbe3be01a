import { initWasm, Resvg } from '@resvg/resvg-wasm';
import {
  AlignmentType,
  Document,
  Footer,
  Header,
  HeadingLevel,
  ImageRun,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { chartSvg } from './chart-svg';
import type { RenderCard, RenderDocument } from './document';
import { FONT_FAMILY, renderFonts, resvgWasm } from './fonts';

/** A chart's size in the document, in pixels at 96 to the inch: the text width of an A4 page. */
const CHART = { width: 600, height: 320 };
/** The PNG fallback is drawn at twice that width, sharp enough to print. */
const FALLBACK_WIDTH = CHART.width * 2;
const MUTED = '495057';
const WARNING = 'A61E1E';

let resvgReady: Promise<void> | undefined;
/** resvg's WebAssembly module is compiled once per process (it refuses a second initialisation). */
function resvg(): Promise<void> {
  resvgReady ??= initWasm(resvgWasm()).catch((error: unknown) => {
    resvgReady = undefined;
    throw error;
  });
  return resvgReady;
}

/** The PNG of a chart's SVG, for word processors that do not draw SVG. */
async function fallbackPng(svg: string): Promise<Uint8Array> {
  await resvg();
  const fonts = renderFonts();
  const renderer = new Resvg(svg, {
    font: { fontBuffers: [fonts.regular, fonts.bold], defaultFontFamily: FONT_FAMILY },
    fitTo: { mode: 'width', value: FALLBACK_WIDTH },
    background: '#ffffff',
  });
  try {
    const image = renderer.render();
    try {
      return image.asPng();
    } finally {
      image.free();
    }
  } finally {
    renderer.free();
  }
}

/** Plain text whose paragraphs are separated by blank lines, as paragraphs. */
function paragraphs(text: string, run: { size?: number; color?: string } = {}): Paragraph[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map(
      (paragraph) =>
        new Paragraph({ spacing: { after: 120 }, children: [new TextRun({ text: paragraph, ...run })] }),
    );
}

function figuresTable(data: { header: string[]; rows: string[][] }): Table {
  const cell = (text: string, index: number, bold: boolean) =>
    new TableCell({
      children: [
        new Paragraph({
          alignment: index === 0 ? AlignmentType.LEFT : AlignmentType.RIGHT,
          children: [new TextRun({ text, bold })],
        }),
      ],
    });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({
        tableHeader: true,
        children: data.header.map((text, index) => cell(text, index, true)),
      }),
      ...data.rows.map(
        (row) => new TableRow({ children: row.map((text, index) => cell(text, index, false)) }),
      ),
    ],
  });
}

async function card(doc: RenderDocument, card: RenderCard): Promise<(Paragraph | Table)[]> {
  const blocks: (Paragraph | Table)[] = [
    new Paragraph({ heading: HeadingLevel.HEADING_2, text: card.title }),
  ];
  if (card.description) blocks.push(...paragraphs(card.description, { color: MUTED, size: 20 }));
  if (card.text) blocks.push(...paragraphs(card.text));
  if (card.chart) {
    const svg = chartSvg(card.chart, { ...CHART, lang: doc.lang });
    blocks.push(
      new Paragraph({
        keepNext: true,
        children: [
          new ImageRun({
            type: 'svg',
            data: Buffer.from(svg),
            fallback: { type: 'png', data: await fallbackPng(svg) },
            transformation: CHART,
            altText: {
              name: card.title,
              title: card.title,
              // The figures themselves follow as a table; the alternative text says what is drawn.
              description: [card.title, ...card.chart.series.map((series) => series.name)].join(' — '),
            },
          }),
        ],
      }),
    );
  }
  if (card.hiddenNote) blocks.push(...paragraphs(card.hiddenNote, { color: MUTED }));
  if (card.legend) blocks.push(...paragraphs(card.legend, { color: MUTED, size: 18 }));
  if (card.table) blocks.push(figuresTable(card.table), new Paragraph({}));
  return blocks;
}

/**
 * The DOCX of a report (spec 02 §5): a cover, the contents as the list of the parts' names (a Word
 * contents field stays empty until someone updates it), the confidentiality notice, then each part
 * as a first-level heading on a new page with its cards. Charts are SVG images with a PNG fallback;
 * figures are tables with a header row. The footer numbers the pages; for a study-programme sphere
 * the header carries the anonymity warning.
 */
export async function renderDocx(doc: RenderDocument): Promise<Buffer> {
  const children: (Paragraph | Table)[] = [
    new Paragraph({ spacing: { before: 2400 } }),
    new Paragraph({ heading: HeadingLevel.TITLE, text: doc.title }),
    new Paragraph({ spacing: { after: 480 }, children: [new TextRun({ text: doc.subtitle, size: 28 })] }),
    new Paragraph({ children: [new TextRun({ text: doc.generatedLine, color: MUTED })] }),
  ];
  if (doc.anonymityWarning)
    children.push(
      new Paragraph({
        spacing: { before: 480 },
        children: [new TextRun({ text: doc.anonymityWarning, bold: true, color: WARNING })],
      }),
    );

  children.push(
    new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: true, text: doc.labels.contents }),
    ...doc.parts.map((part) => new Paragraph({ spacing: { after: 120 }, text: part.name })),
    new Paragraph({
      heading: HeadingLevel.HEADING_1,
      pageBreakBefore: true,
      text: doc.confidentiality.title,
    }),
    ...paragraphs(doc.confidentiality.text),
  );

  for (const part of doc.parts) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: true, text: part.name }));
    for (const item of part.cards) children.push(...(await card(doc, item)));
  }

  const file = new Document({
    title: doc.title,
    styles: {
      default: {
        document: { run: { font: FONT_FAMILY, size: 22, language: { value: doc.lang } } },
        title: { run: { font: FONT_FAMILY, size: 52, bold: true, color: '212529' } },
        heading1: {
          run: { font: FONT_FAMILY, size: 36, bold: true, color: '212529' },
          paragraph: { spacing: { after: 240 } },
        },
        heading2: {
          run: { font: FONT_FAMILY, size: 28, bold: true, color: '212529' },
          paragraph: { spacing: { before: 360, after: 120 }, keepNext: true },
        },
      },
    },
    sections: [
      {
        properties: { page: { size: { width: 11906, height: 16838 } } },
        ...(doc.anonymityWarning
          ? {
              headers: {
                default: new Header({
                  children: [
                    new Paragraph({
                      alignment: AlignmentType.CENTER,
                      children: [
                        new TextRun({ text: doc.anonymityWarning, bold: true, color: WARNING, size: 18 }),
                      ],
                    }),
                  ],
                }),
              },
            }
          : {}),
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({
                    size: 18,
                    color: MUTED,
                    children: [`${doc.labels.page} `, PageNumber.CURRENT, ' / ', PageNumber.TOTAL_PAGES],
                  }),
                ],
              }),
            ],
          }),
        },
        children,
      },
    ],
  });
  return Packer.toBuffer(file);
}
