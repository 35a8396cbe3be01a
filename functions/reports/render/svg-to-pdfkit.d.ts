/** svg-to-pdfkit ships no types: the part of its API the PDF writer uses. */
declare module 'svg-to-pdfkit' {
  interface SVGtoPDFOptions {
    /** The viewport, in points; the page's size by default. */
    width?: number;
    height?: number;
    preserveAspectRatio?: string;
    /** Take SVG user units as points rather than as CSS pixels (72/96 pt). */
    assumePt?: boolean;
    precision?: number;
    warningCallback?: (message: string) => void;
    /** The name of a font registered in the document for an SVG font family. */
    fontCallback?: (
      family: string,
      bold: boolean,
      italic: boolean,
      fontOptions: { fauxBold?: boolean; fauxItalic?: boolean },
    ) => string;
  }

  function SVGtoPDF(
    doc: PDFKit.PDFDocument,
    svg: string,
    x?: number,
    y?: number,
    options?: SVGtoPDFOptions,
  ): void;
  export default SVGtoPDF;
}
