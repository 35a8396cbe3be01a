/**
 * Stands in for `brotli/decompress.js` in the render bundle. pdfkit's font reader (fontkit) needs it
 * only to open WOFF2 fonts; reports embed DejaVu Sans as TrueType, so the decompressor and its
 * dictionary (about half of pdfkit's weight in a bundle) would only be loaded, never used.
 */
module.exports = function decompress() {
  throw new Error('WOFF2 fonts cannot be read in the render bundle: embed TrueType fonts');
};
