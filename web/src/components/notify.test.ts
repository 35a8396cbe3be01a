// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import i18n from '../i18n';
import { notifyError, notifySuccess } from './notify';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

describe('toasts', () => {
  beforeEach(async () => {
    vi.mocked(notifications.show).mockClear();
    await i18n.changeLanguage('en');
  });

  it('give their close button a name in the current language (success and error alike)', async () => {
    notifySuccess('profile.saved');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    notifyError(new Error('boom'));
    await i18n.changeLanguage('nl');
    notifySuccess('profile.saved');
    const labels = vi.mocked(notifications.show).mock.calls.map(([n]) => n.closeButtonProps?.['aria-label']);
    expect(labels).toEqual(['Close', 'Close', 'Sluiten']);
  });
});
