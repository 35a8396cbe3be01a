import { notifySuccess } from '../../components/notify';
import type { OverlayProps } from '../../lib/overlays';
import { useCreateAxis } from './api/thinkings';
import { AxisForm } from './axis-form';

/** `createThinkingAxis`: a new axis of the catalogue; an id already there is refused. */
export default function CreateAxisOverlay({ done }: OverlayProps) {
  const create = useCreateAxis();
  return (
    <AxisForm
      pending={create.isPending}
      error={create.error}
      onSubmit={(body) =>
        create.mutate(body, {
          onSuccess: () => {
            notifySuccess('axes.created');
            done();
          },
        })
      }
    />
  );
}
