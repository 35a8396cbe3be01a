/**
 * The QR detector of the scan page, loaded only when the camera starts (never in the main chunk):
 * the browser's own `BarcodeDetector` when it reads QR codes, else the `barcode-detector` ponyfill
 * (ZXing compiled to wasm). The wasm is served by the app itself (a Vite `?url` asset), never
 * fetched from a CDN, so it works offline and under the content security policy (decision 0027).
 */
export interface QrDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<string[]>;
}

export async function createQrDetector(): Promise<QrDetector> {
  const native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (native) {
    try {
      if ((await native.getSupportedFormats()).includes('qr_code'))
        return new native({ formats: ['qr_code'] });
    } catch {
      // A browser that names the class without supporting it: the ponyfill reads instead.
    }
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}
