import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { chartSvg } from './chart-svg';
import type { RenderCard, RenderDocument } from './document';
import { renderFonts } from './fonts';

/** A4 in points, with room above and below the text for the header and the footer. */
const MARGINS = { top: 64, bottom: 64, left: 56, right: 56 };
const CHART_HEIGHT = 260;
const TEXT = '#212529';
const MUTED = '#495057';
const WARNING = '#a61e1e';
const RULE = '#adb5bd';
/** Width kept on the right of a contents line for its page number. */
const PAGE_NUMBER_WIDTH = 48;

type Pdf = PDFKit.PDFDocument;

/**
 * The PDF of a report (spec 02 §5): a cover, the contents with the page of each part, the
 * confidentiality notice, then each part from a new page with its cards. Text is DejaVu Sans,
 * embedded (never the standard PDF fonts, which lack ĳ and œ); charts are vector drawings; every page
 * has "page N / M" in its footer and, for a study-programme sphere, the anonymity warning in its
 * header.
 */
export async function renderPdf(doc: RenderDocument): Promise<Buffer> {
  const fonts = renderFonts();
  const pdf = new PDFDocument({
    // pdfkit takes a font file's bytes here; its types only list a font name.
    font: fonts.regular as unknown as string,
    size: 'A4',
    margins: MARGINS,
    bufferPages: true,
    lang: doc.lang,
    displayTitle: true,
    info: { Title: doc.title },
  });
  pdf.registerFont('regular', fonts.regular);
  pdf.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const width = contentWidth(pdf);
  cover(pdf, doc);

  // Contents: the names now, the page numbers once the parts are laid out.
  pdf.addPage();
  heading(pdf, doc.labels.contents, 20);
  const entries: { page: number; y: number }[] = [];
  for (const part of doc.parts) {
    pdf.font('regular').fontSize(12);
    ensureSpace(pdf, pdf.currentLineHeight(true) + 6);
    entries.push({ page: currentPage(pdf), y: pdf.y });
    pdf.fillColor(TEXT).text(part.name, MARGINS.left, pdf.y, {
      width: width - PAGE_NUMBER_WIDTH,
      paragraphGap: 6,
    });
  }

  pdf.addPage();
  heading(pdf, doc.confidentiality.title, 18);
  paragraphs(pdf, doc.confidentiality.text);

  const partPages: number[] = [];
  for (const part of doc.parts) {
    pdf.addPage();
    partPages.push(currentPage(pdf));
    pdf.outline.addItem(part.name);
    heading(pdf, part.name, 20);
    for (const card of part.cards) renderCard(pdf, doc, card);
  }

  const total = pdf.bufferedPageRange().count;
  entries.forEach((entry, index) => {
    pdf.switchToPage(entry.page);
    pdf
      .font('regular')
      .fontSize(12)
      .fillColor(TEXT)
      .text(String((partPages[index] ?? 0) + 1), MARGINS.left + width - PAGE_NUMBER_WIDTH, entry.y, {
        width: PAGE_NUMBER_WIDTH,
        align: 'right',
        lineBreak: false,
      });
  });
  for (let page = 0; page < total; page++) {
    pdf.switchToPage(page);
    pageFrame(pdf, doc, `${doc.labels.page} ${page + 1} / ${total}`);
  }
  pdf.end();
  return ended;
}

function contentWidth(pdf: Pdf): number {
  return pdf.page.width - MARGINS.left - MARGINS.right;
}

function currentPage(pdf: Pdf): number {
  return pdf.bufferedPageRange().count - 1;
}

function bottom(pdf: Pdf): number {
  return pdf.page.height - pdf.page.margins.bottom;
}

/** Starts a new page unless `height` points still fit on this one. */
function ensureSpace(pdf: Pdf, height: number): void {
  if (pdf.y + height > bottom(pdf)) pdf.addPage();
}

function heading(pdf: Pdf, text: string, size: number): void {
  pdf
    .font('bold')
    .fontSize(size)
    .fillColor(TEXT)
    .text(text, MARGINS.left, pdf.y, { width: contentWidth(pdf) });
  pdf.moveDown(0.6);
}

/** Plain text whose paragraphs are separated by blank lines; long text flows onto new pages. */
function paragraphs(pdf: Pdf, text: string, options: { size?: number; colour?: string } = {}): void {
  pdf
    .font('regular')
    .fontSize(options.size ?? 11)
    .fillColor(options.colour ?? TEXT);
  for (const paragraph of text.split(/\n\s*\n/)) {
    const trimmed = paragraph.trim();
    if (!trimmed) continue;
    pdf.text(trimmed, MARGINS.left, pdf.y, { width: contentWidth(pdf), lineGap: 2, paragraphGap: 6 });
  }
}

function cover(pdf: Pdf, doc: RenderDocument): void {
  const width = contentWidth(pdf);
  pdf.y = pdf.page.height / 4;
  pdf.font('bold').fontSize(26).fillColor(TEXT).text(doc.title, MARGINS.left, pdf.y, { width });
  pdf.moveDown(0.5);
  pdf.font('regular').fontSize(14).fillColor(TEXT).text(doc.subtitle, { width });
  pdf.moveDown(1.5);
  pdf.font('regular').fontSize(11).fillColor(MUTED).text(doc.generatedLine, { width });
  if (doc.anonymityWarning) {
    pdf.moveDown(2);
    pdf.font('bold').fontSize(12).fillColor(WARNING).text(doc.anonymityWarning, { width });
  }
}

function renderCard(pdf: Pdf, doc: RenderDocument, card: RenderCard): void {
  const width = contentWidth(pdf);
  pdf.moveDown(0.8);
  // A card's title never ends a page alone: it needs its first lines below it.
  pdf.font('bold').fontSize(14);
  ensureSpace(pdf, pdf.heightOfString(card.title, { width }) + 48);
  pdf.fillColor(TEXT).text(card.title, MARGINS.left, pdf.y, { width });
  pdf.moveDown(0.3);
  if (card.description) paragraphs(pdf, card.description, { size: 10, colour: MUTED });
  if (card.text) paragraphs(pdf, card.text);
  if (card.chart) {
    ensureSpace(pdf, CHART_HEIGHT);
    const top = pdf.y;
    SVGtoPDF(pdf, chartSvg(card.chart, { width, height: CHART_HEIGHT, lang: doc.lang }), MARGINS.left, top, {
      width,
      height: CHART_HEIGHT,
      assumePt: true,
      fontCallback: (_family, bold) => (bold ? 'bold' : 'regular'),
      // Interaction attributes of the chart (hover styles, pointer events) have no meaning on paper.
      warningCallback: () => undefined,
    });
    pdf.x = MARGINS.left;
    pdf.y = top + CHART_HEIGHT + 6;
  }
  if (card.hiddenNote) paragraphs(pdf, card.hiddenNote, { colour: MUTED });
  if (card.legend) paragraphs(pdf, card.legend, { size: 9, colour: MUTED });
  if (card.table) table(pdf, card.table);
}

/** The figures as rows of text; a row never splits, and a new page repeats the header row. */
function table(pdf: Pdf, data: { header: string[]; rows: string[][] }): void {
  const width = contentWidth(pdf);
  const columns = Math.max(data.header.length, ...data.rows.map((row) => row.length), 1);
  const columnWidth = width / columns;
  const padding = 4;
  const size = 10;

  const rowHeight = (cells: string[], font: 'regular' | 'bold') => {
    pdf.font(font).fontSize(size);
    return (
      Math.max(
        pdf.currentLineHeight(true),
        ...cells.map((cell) => pdf.heightOfString(cell, { width: columnWidth - 2 * padding })),
      ) +
      2 * padding
    );
  };
  const drawRow = (cells: string[], font: 'regular' | 'bold', height: number) => {
    const top = pdf.y;
    pdf.font(font).fontSize(size).fillColor(TEXT);
    cells.forEach((cell, index) => {
      pdf.text(cell, MARGINS.left + index * columnWidth + padding, top + padding, {
        width: columnWidth - 2 * padding,
        align: index === 0 ? 'left' : 'right',
      });
    });
    pdf
      .moveTo(MARGINS.left, top + height)
      .lineTo(MARGINS.left + width, top + height)
      .lineWidth(font === 'bold' ? 1 : 0.5)
      .strokeColor(RULE)
      .stroke();
    pdf.x = MARGINS.left;
    pdf.y = top + height;
  };

  pdf.moveDown(0.5);
  const headerHeight = rowHeight(data.header, 'bold');
  ensureSpace(pdf, headerHeight + (data.rows[0] ? rowHeight(data.rows[0], 'regular') : 0));
  drawRow(data.header, 'bold', headerHeight);
  for (const row of data.rows) {
    const height = rowHeight(row, 'regular');
    if (pdf.y + height > bottom(pdf)) {
      pdf.addPage();
      drawRow(data.header, 'bold', headerHeight);
    }
    drawRow(row, 'regular', height);
  }
  pdf.moveDown(0.5);
}

/** The header (anonymity warning) and footer (page number) of a page, outside its text area. */
function pageFrame(pdf: Pdf, doc: RenderDocument, pageLine: string): void {
  const width = contentWidth(pdf);
  const { margins } = pdf.page;
  const bottomMargin = margins.bottom;
  // Writing in the margins: without this pdfkit would take the footer for an overflow and add a page.
  margins.bottom = 0;
  if (doc.anonymityWarning) {
    pdf
      .font('bold')
      .fontSize(9)
      .fillColor(WARNING)
      .text(doc.anonymityWarning, MARGINS.left, 24, {
        width,
        align: 'center',
        height: MARGINS.top - 30,
        ellipsis: true,
      });
  }
  pdf
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(pageLine, MARGINS.left, pdf.page.height - MARGINS.bottom + 24, {
      width,
      align: 'center',
      lineBreak: false,
    });
  margins.bottom = bottomMargin;
}
