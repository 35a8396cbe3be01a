// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render';
import { actOnScan, errorKeyOf } from './scan-logic';
import ScanPage from './scan-page';

const detect = vi.fn<(source: HTMLVideoElement) => Promise<{ rawValue: string }[]>>();
vi.mock('./scanner', () => ({ createQrDetector: () => Promise.resolve({ detect }) }));

const getUserMedia = vi.fn<(constraints: MediaStreamConstraints) => Promise<MediaStream>>();
const stopTrack = vi.fn();
/** A camera stream as happy-dom knows it, with one track to stop. */
const newStream = () => Object.assign(new MediaStream(), { getTracks: () => [{ stop: stopTrack }] });

function renderScan(entry = '/apps/scan') {
  return renderPage(<ScanPage />, { path: '/apps/scan', entry });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  detect.mockReset();
  getUserMedia.mockReset();
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('scan page', () => {
  it('a code typed by hand opens the link page', async () => {
    renderScan();
    fireEvent.change(screen.getByLabelText('Code du lien'), { target: { value: 'https://x.be/l/abcd1234' } });
    fireEvent.click(screen.getByTestId('enter-code-submit'));
    expect((await screen.findByTestId('location')).textContent).toBe('/l/abcd1234');
  });

  it('a code that is no link code is refused on its field', async () => {
    renderScan();
    fireEvent.change(screen.getByLabelText('Code du lien'), { target: { value: 'a b' } });
    fireEvent.click(screen.getByTestId('enter-code-submit'));
    expect(await screen.findByText('Valeur non valide.')).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('a QR code of the app’s own host opens its route', async () => {
    getUserMedia.mockResolvedValue(newStream());
    detect.mockResolvedValue([{ rawValue: `${window.location.origin}/l/abcd1234?x=1` }]);
    renderScan();
    fireEvent.click(screen.getByTestId('scan-start'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(400);
    });
    expect((await screen.findByTestId('location')).textContent).toBe('/l/abcd1234?x=1');
    // The camera is released once a code was read.
    expect(stopTrack).toHaveBeenCalled();
  });

  it('a QR code of another site says "scan not valid" and keeps the page', async () => {
    getUserMedia.mockResolvedValue(newStream());
    detect.mockResolvedValue([{ rawValue: 'https://elsewhere.example.com/phish' }]);
    renderScan();
    fireEvent.click(screen.getByTestId('scan-start'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(400);
    });
    expect(await screen.findByTestId('scan-invalid')).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('a refused camera says so, and the enter-code form still works', async () => {
    getUserMedia.mockRejectedValue(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    renderScan();
    fireEvent.click(screen.getByTestId('scan-start'));
    expect(await screen.findByTestId('scan-camera-refused')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Code du lien'), { target: { value: 'abcd1234' } });
    fireEvent.click(screen.getByTestId('enter-code-submit'));
    expect((await screen.findByTestId('location')).textContent).toBe('/l/abcd1234');
  });

  it('no camera API says there is no camera', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    renderScan();
    fireEvent.click(screen.getByTestId('scan-start'));
    await waitFor(() => expect(screen.getByTestId('scan-camera-absent')).toBeTruthy());
  });

  it('the error parameter shows its message, an unknown one the generic error', async () => {
    renderScan('/apps/scan?error=link-expired');
    expect((await screen.findByTestId('scan-error')).textContent).toBe('Ce lien a expiré.');
  });
});

describe('scan rules of the page', () => {
  it('follows a whitelisted host and refuses a javascript: value', () => {
    const go = { navigate: vi.fn(), assign: vi.fn() };
    expect(actOnScan('https://sentia.app/about', 'app.example.be', go)).toBe('redirect');
    expect(go.assign).toHaveBeenCalledWith('https://sentia.app/about');
    expect(actOnScan('javascript:alert(1)', 'app.example.be', go)).toBe('invalid');
    expect(go.navigate).not.toHaveBeenCalled();
  });

  it('an error parameter falls back to the generic message when it has none', () => {
    const exists = (key: string) => key === 'errors.link-expired';
    expect(errorKeyOf('link-expired', exists)).toBe('errors.link-expired');
    expect(errorKeyOf('made-up', exists)).toBe('errors.error');
    expect(errorKeyOf('<b>', () => true)).toBe('errors.error');
    expect(errorKeyOf(null, exists)).toBeNull();
  });
});
