// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { renderPage } from '../../../test/render';
import RegulationOverlay, { clock } from './regulation-overlay';

describe('regulation help', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    vi.useRealTimers();
    await i18n.changeLanguage('fr');
  });

  it('leads from a strategy to a technique whose steps stay on screen while the chosen time runs out', async () => {
    renderPage(<RegulationOverlay params={new URLSearchParams()} done={vi.fn()} close={vi.fn()} />);
    expect(screen.getByTestId('regulation-disclaimer').textContent).toContain('112');
    fireEvent.click(screen.getByTestId('strategy-calm-body'));
    fireEvent.click(screen.getByTestId('technique-slow-breathing'));
    expect(screen.getByTestId('technique-steps').textContent).toContain('count of 6');

    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    fireEvent.click(screen.getByText('15 min'));
    fireEvent.click(screen.getByTestId('regulation-start'));
    expect(screen.getByTestId('regulation-clock').textContent).toBe('15:00');
    expect(screen.getByRole('timer').getAttribute('aria-label')).toBe('15:00 left');
    act(() => vi.advanceTimersByTime(61_000));
    expect(screen.getByTestId('regulation-clock').textContent).toBe('13:59');
    fireEvent.click(screen.getByTestId('regulation-pause'));
    act(() => vi.advanceTimersByTime(120_000));
    expect(screen.getByTestId('regulation-clock').textContent).toBe('13:59');
    fireEvent.click(screen.getByTestId('regulation-resume'));
    act(() => vi.advanceTimersByTime(14 * 60_000));
    expect(screen.getByTestId('regulation-clock').textContent).toBe('00:00');
    expect(screen.getByTestId('regulation-status').textContent).toContain('How do you feel now?');
    expect(screen.getByTestId('regulation-record')).toBeTruthy();
    expect(screen.getByTestId('technique-steps')).toBeTruthy();
  });

  it('opens on the strategy named in the link, and writes times as mm:ss', () => {
    renderPage(
      <RegulationOverlay params={new URLSearchParams('strategy=connect')} done={vi.fn()} close={vi.fn()} />,
    );
    expect(screen.getByTestId('technique-self-compassion')).toBeTruthy();
    expect(clock(3599)).toBe('59:59');
    expect(clock(5)).toBe('00:05');
  });

  it('opens on the technique named in the link (the assistant’s card), Back leading to its strategy', () => {
    renderPage(
      <RegulationOverlay
        params={new URLSearchParams('technique=five-senses')}
        done={vi.fn()}
        close={vi.fn()}
      />,
    );
    expect(screen.getByTestId('technique-steps').textContent).toContain('Name 5 things you can see.');
    fireEvent.click(screen.getByText('Back'));
    expect(screen.getByTestId('technique-five-senses')).toBeTruthy();
  });
});
