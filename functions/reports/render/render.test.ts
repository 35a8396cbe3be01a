import { unzipSync } from 'fflate';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { chartSvg } from './chart-svg';
import type { RenderDocument } from './document';
import { renderFile } from './index';
import { testDocument } from './test-document';

const SPECIAL = ['Cœur', 'ĳverig', 'équipe', 'naïef', 'één', 'à'];

async function pdfText(body: Buffer): Promise<{ text: string; pages: string[] }> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.pages.map((page) => page.text) };
  } finally {
    await parser.destroy();
  }
}

function unzip(body: Buffer): Record<string, Uint8Array> {
  return unzipSync(new Uint8Array(body));
}

/** The text of a part of the DOCX, entities decoded. */
function xmlText(files: Record<string, Uint8Array>, name: string): string {
  const file = files[name];
  if (!file) throw new Error(`${name} is missing`);
  return new TextDecoder()
    .decode(file)
    .replaceAll('&apos;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

function withoutParts(): RenderDocument {
  const { anonymityWarning: _warning, ...rest } = testDocument();
  return { ...rest, parts: [] };
}

describe('renderFile as PDF', () => {
  const doc = testDocument();
  let body: Buffer;
  let text: string;
  let pages: string[];
  beforeAll(async () => {
    const file = await renderFile(doc, 'pdf');
    expect(file.contentType).toBe('application/pdf');
    expect(file.extension).toBe('pdf');
    body = file.body;
    ({ text, pages } = await pdfText(body));
  });

  it('is a PDF of several pages whose text keeps the title, the parts, the figures and the notices', () => {
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pages.length).toBeGreaterThan(1);
    expect(text).toContain(doc.title);
    for (const part of doc.parts) expect(text).toContain(part.name);
    expect(text).toContain(doc.confidentiality.title);
    expect(text).toContain('Masqué : moins de 8 personnes');
    expect(text).toMatch(/Vert\s+30\s+27/);
  });

  it('keeps œ, ĳ and the accents of French and Dutch (an embedded font, not the standard ones)', () => {
    for (const word of SPECIAL) expect(text).toContain(word);
    expect(body.toString('latin1')).not.toMatch(/\/BaseFont \/Helvetica/);
  });

  it('says "page N / M" and the anonymity warning on every page', () => {
    pages.forEach((page, index) => {
      expect(page).toContain(`page ${index + 1} / ${pages.length}`);
      expect(page).toContain(doc.anonymityWarning);
    });
  });

  it('starts each part on a new page and gives that page in the contents', () => {
    const contents = pages[1] ?? '';
    expect(contents).toContain(doc.labels.contents);
    for (const part of doc.parts) {
      const start = pages.findIndex((page, index) => index > 2 && page.trimStart().startsWith(part.name));
      expect(start, part.name).toBeGreaterThan(2);
      expect(contents).toMatch(new RegExp(`^${start + 1}$`, 'm'));
    }
    expect(pages[2]).toContain(doc.confidentiality.title);
  });

  it('flows a long text onto the next page', () => {
    const first = pages.findIndex((page) => page.includes('Paragraphe 1 :'));
    const last = pages.findIndex((page) => page.includes('Paragraphe 20 :'));
    expect(last).toBeGreaterThan(first);
  });

  it('draws charts as vectors: their labels are text and the file holds no image', () => {
    // "Doelwaarde" is a series of the line chart only, in no table or paragraph.
    expect(text).toContain('Doelwaarde');
    expect(body.toString('latin1')).not.toContain('/Subtype /Image');
    // The bars' patterns are PDF tiling patterns.
    expect(body.toString('latin1')).toContain('/PatternType 1');
  });

  it('renders a report without parts nor warning as a valid file of cover, contents and notice', async () => {
    const empty = withoutParts();
    const file = await renderFile(empty, 'pdf');
    const result = await pdfText(file.body);
    expect(result.pages).toHaveLength(3);
    expect(result.text).toContain(empty.title);
    expect(result.text).toContain('page 3 / 3');
    expect(result.text).not.toContain('Programme d’études');
  });
});

describe('renderFile as DOCX', () => {
  const doc = testDocument();
  let files: Record<string, Uint8Array>;
  let document: string;
  beforeAll(async () => {
    const file = await renderFile(doc, 'docx');
    expect(file.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(file.extension).toBe('docx');
    files = unzip(file.body);
    document = xmlText(files, 'word/document.xml');
  });

  it('holds the title, the parts as a contents list and as headings, the figures and the notices', () => {
    expect(document).toContain(doc.title);
    for (const part of doc.parts) {
      // Once in the contents, once as the part's heading.
      expect(document.split(`>${part.name}<`).length - 1, part.name).toBe(2);
    }
    expect(document).toContain(doc.labels.contents);
    expect(document).toContain(doc.confidentiality.title);
    expect(document).toContain('Masqué : moins de 8 personnes');
    expect(document).toMatch(/<w:tblHeader\/>.*>Couleur<.*>Vert<.*>30<.*>27</);
    for (const word of SPECIAL) expect(document).toContain(word);
  });

  it('puts page numbers in the footer and the anonymity warning in the header', () => {
    const footer = xmlText(files, 'word/footer1.xml');
    expect(footer).toContain('page ');
    expect(footer).toMatch(/PAGE/);
    expect(footer).toMatch(/NUMPAGES/);
    expect(xmlText(files, 'word/header1.xml')).toContain(doc.anonymityWarning);
  });

  it('embeds each chart as SVG with a PNG fallback', () => {
    const media = Object.keys(files).filter((name) => name.startsWith('word/media/'));
    const svgs = media.filter((name) => name.endsWith('.svg'));
    const pngs = media.filter((name) => name.endsWith('.png'));
    expect(svgs).toHaveLength(2);
    expect(pngs).toHaveLength(2);
    const png = files[pngs[0] ?? ''] ?? new Uint8Array();
    expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(xmlText(files, svgs[0] ?? '')).toContain('<svg');
  });

  it('sets DejaVu Sans as the default font', () => {
    expect(xmlText(files, 'word/styles.xml')).toContain('w:ascii="DejaVu Sans"');
  });

  it('renders a report without parts nor warning as a valid file', async () => {
    const empty = withoutParts();
    const emptyFiles = unzip((await renderFile(empty, 'docx')).body);
    const text = xmlText(emptyFiles, 'word/document.xml');
    expect(text).toContain(empty.title);
    expect(text).toContain(empty.confidentiality.title);
    expect(Object.keys(emptyFiles).some((name) => name.startsWith('word/media/'))).toBe(false);
    expect(Object.keys(emptyFiles).some((name) => name.startsWith('word/header'))).toBe(false);
  });
});

describe('chartSvg', () => {
  it('names every category and series, draws no bar for a null value and gives bars patterns', () => {
    const svg = chartSvg(
      {
        kind: 'bar',
        categories: ['Rouge', 'Jaune', 'Vert'],
        series: [
          { name: 'Semaine 1', values: [12, null, 30] },
          { name: 'Semaine 2', values: [9, 14, 27] },
        ],
      },
      { width: 480, height: 260, lang: 'fr' },
    );
    expect(svg.startsWith('<svg')).toBe(true);
    for (const label of ['Rouge', 'Jaune', 'Vert', 'Semaine 1', 'Semaine 2'])
      expect(svg).toContain(`>${label}<`);
    expect(svg.match(/ecmeta_ssr_type="chart"/g)).toHaveLength(5);
    expect(svg).toContain('<pattern');
    expect(svg).toContain('font-family:DejaVu Sans');
  });

  it('lays long labels beside horizontal bars, cut short in the chart, and ends the value axis at its max', () => {
    const long = 'I have had energy for what I wanted to do';
    const svg = chartSvg(
      {
        kind: 'bar',
        categories: [long, 'Rested'],
        series: [{ name: 'Position on the scale (%)', values: [57.6, 58.4] }],
        max: 100,
      },
      { width: 480, height: 260, lang: 'en' },
    );
    expect(svg).not.toContain(`>${long}<`);
    expect(svg).toMatch(/>I have had[^<]*\.\.\.</);
    expect(svg).toContain('>Rested<');
    expect(svg).toContain('>100<');
  });

  it('breaks a line at a null value and marks each line series with its own symbol', () => {
    const chart = {
      kind: 'line' as const,
      categories: ['sept.', 'oct.', 'nov.', 'déc.'],
      series: [
        { name: 'Œuvre', values: [1, 2, null, 4] },
        { name: 'Doel', values: [3, 3, 3, 3] },
      ],
    };
    const svg = chartSvg(chart, { width: 480, height: 260, lang: 'nl' });
    for (const label of [...chart.categories, 'Œuvre', 'Doel']) expect(svg).toContain(`>${label}<`);
    const full = chartSvg(
      { ...chart, series: [{ name: 'Œuvre', values: [1, 2, 3, 4] }, chart.series[1]!] },
      {
        width: 480,
        height: 260,
        lang: 'nl',
      },
    );
    // A gap leaves the line in two pieces: one more move-to in its path than the unbroken line.
    const moves = (text: string) =>
      (text.match(/<path d="M[^"]*"[^>]*stroke="#1864ab"/g) ?? []).join('').split('M').length;
    expect(moves(svg)).toBeGreaterThan(moves(full));
  });
});
