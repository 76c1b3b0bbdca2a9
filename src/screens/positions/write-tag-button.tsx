/**
 * "Write tag": on a phone with Web NFC (Chrome on Android), writes the position's address
 * (`{publicUrl}/t/{nfc_tag_id}`) to a blank tag held to the phone, so tapping it opens the field
 * app there. Absent where the browser has no Web NFC; the tag sheet's QR code is the other way.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Position } from '../../api/gen/model';
import { IconButton } from '../../components/common/icon-button.tsx';
import { useSiteSettings } from '../../components/common/use-site-settings.ts';
import { useNotify } from '../../components/notify/notify-context.ts';
import { tagUrl } from '../../domain/tag-url.ts';
import { hasWebNfc, writeNfcUrl } from '../../field/scan/nfc.ts';

export function WriteTagButton({ position }: { position: Position }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { publicUrl } = useSiteSettings();
  const [writing, setWriting] = useState(false);
  const tag = position.nfc_tag_id;
  if (!tag || !hasWebNfc()) return null;
  const code = position.position_code;
  return (
    <IconButton
      icon={writing ? 'pi pi-spin pi-spinner' : 'pi pi-wifi'}
      label={t('positions.writeTag.label', { code })}
      tooltip={writing ? t('positions.writeTag.hold') : t('positions.writeTag.button')}
      onClick={() => {
        if (writing) return;
        setWriting(true);
        notify.info(t('positions.writeTag.hold'));
        writeNfcUrl(tagUrl(publicUrl, tag))
          .then(
            () => notify.success(t('positions.writeTag.done', { code })),
            () => notify.error(t('positions.writeTag.failed')),
          )
          .finally(() => setWriting(false));
      }}
    />
  );
}
