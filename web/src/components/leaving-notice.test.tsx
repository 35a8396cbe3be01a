// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { Button } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { outboundTarget } from '@shared/domain/safe-url';
import i18n from '../i18n';
import { renderPage } from '../test/render';
import { InvalidDestination, LeavingNotice } from './leaving-notice';

const APP = 'https://app.example.be';

function leavingFor(value: string): URL {
  const target = outboundTarget(value, APP);
  if (target.kind !== 'leaving') throw new Error(`${value} does not leave the product`);
  return target.url;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('the leaving notice', () => {
  it('names the destination host in its heading and shows the whole address', () => {
    renderPage(<LeavingNotice url={leavingFor('https://Evil.Example/offer?x=1')} stay={null} />);
    const heading = screen.getByRole('heading', { level: 2 });
    expect(heading.textContent).toBe('You are leaving Sentia for evil.example');
    expect(screen.getByRole('region', { name: 'You are leaving Sentia for evil.example' })).toBeTruthy();
    expect(screen.getByTestId('leaving-address').textContent).toBe('https://evil.example/offer?x=1');
  });

  it('leaves only by its button, a link to the address named, reachable by keyboard and without a referrer', () => {
    renderPage(<LeavingNotice url={leavingFor('https://shop.example.be:8443/a')} stay={null} />);
    const go = screen.getByRole('link', { name: 'Go to shop.example.be:8443' });
    expect(go.getAttribute('href')).toBe('https://shop.example.be:8443/a');
    expect(go.getAttribute('rel')).toContain('noreferrer');
    expect(go.getAttribute('tabindex')).not.toBe('-1');
    go.focus();
    expect(document.activeElement).toBe(go);
  });

  it('offers the way back its page gives', () => {
    const stay = vi.fn();
    renderPage(
      <LeavingNotice
        url={leavingFor('https://evil.example/')}
        stay={
          <Button variant="default" onClick={stay}>
            {i18n.t('leaving.stay')}
          </Button>
        }
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Stay on Sentia' }));
    expect(stay).toHaveBeenCalledOnce();
  });

  it('moves the focus to its heading when asked, at the level asked', () => {
    renderPage(
      <LeavingNotice url={leavingFor('https://evil.example/')} stay={null} headingOrder={3} focusHeading />,
    );
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 3 }));
  });

  it('speaks each language', async () => {
    await i18n.changeLanguage('fr');
    renderPage(<LeavingNotice url={leavingFor('https://evil.example/')} stay={null} />);
    expect(screen.getByRole('heading').textContent).toBe('Vous quittez Sentia pour evil.example');
    expect(screen.getByRole('link').textContent).toBe('Aller sur evil.example');
  });
});

describe('an address that breaks the rule', () => {
  it('says it is not valid and offers nothing to follow', () => {
    renderPage(<InvalidDestination />);
    expect(screen.getByTestId('leaving-invalid').textContent).toContain('Address not valid');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
