// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useTabParam } from './use-tab-param';

const TABS = ['general', 'members', 'link'] as const;

function setup(entry: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[entry]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => {
      const [tab, setTab] = useTabParam(TABS);
      const location = useLocation();
      return { tab, setTab, search: location.search };
    },
    { wrapper },
  );
}

describe('useTabParam', () => {
  it('opens the tab the address names', () => {
    expect(setup('/settings?tab=link').result.current.tab).toBe('link');
  });

  it('opens the first tab when the address names none or an unknown one', () => {
    expect(setup('/settings').result.current.tab).toBe('general');
    expect(setup('/settings?tab=nope').result.current.tab).toBe('general');
  });

  it('writes the chosen tab into the address, keeping other parameters, and drops it for the first tab', () => {
    const { result } = setup('/settings?show=x');
    act(() => result.current.setTab('members'));
    expect(result.current.tab).toBe('members');
    expect(result.current.search).toBe('?show=x&tab=members');
    act(() => result.current.setTab('general'));
    expect(result.current.search).toBe('?show=x');
  });
});
