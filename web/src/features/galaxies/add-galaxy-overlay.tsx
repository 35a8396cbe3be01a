import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../components/notify';
import type { OverlayProps } from '../../lib/overlays';
import { useCreateGalaxy } from './api/galaxies';
import { GalaxyForm } from './galaxy-form';

/** Overlay `addGalaxy` (spec 02 §2): a new galaxy, for super-admins. */
export default function AddGalaxyOverlay({ done, close }: OverlayProps) {
  const { t } = useTranslation();
  const create = useCreateGalaxy();
  return (
    <GalaxyForm
      pending={create.isPending}
      error={create.error}
      onCancel={close}
      submitLabel={t('galaxies.admin.create')}
      onSubmit={(body) =>
        create.mutate(body, {
          onSuccess: () => {
            notifySuccess('galaxies.admin.created');
            done();
          },
        })
      }
    />
  );
}
