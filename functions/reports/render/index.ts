import type { RenderDocument } from './document';
import { renderDocx } from './docx';
import { renderPdf } from './pdf';

export type { RenderCard, RenderChart, RenderDocument, RenderPart } from './document';
export { renderAssetFiles, RENDER_ASSETS_DIR } from './fonts';

export type RenderFormat = 'pdf' | 'docx';

const TYPES: Record<RenderFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** A report's file in the format asked for, with what a download needs to name and serve it. */
export async function renderFile(
  doc: RenderDocument,
  format: RenderFormat,
): Promise<{ body: Buffer; contentType: string; extension: string }> {
  const body = format === 'pdf' ? await renderPdf(doc) : await renderDocx(doc);
  return { body, contentType: TYPES[format], extension: format };
}
