/**
 * The tag sheet: for replacing lost tags on site, a printable sheet of cards with each
 * chosen position's code, name and a QR code of its NFC tag id. The dialog previews it; Print
 * prints only the sheet (positions.css hides the rest under @media print). This file is loaded
 * lazily, and loads the QR library itself lazily, so neither is in the console's first download.
 */
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Position } from '../../api/gen/model';
import { TagId } from '../../components/common/tag-id.tsx';
import { useSiteSettings } from '../../components/common/use-site-settings.ts';
import { tagUrl } from '../../domain/tag-url.ts';

type Props = {
  positions: Position[];
  visible: boolean;
  onHide: () => void;
};

type Codes = Record<string, string>;

/**
 * NFC id → an SVG data URL of the QR code of the tag's address (the same URL an NFC tag carries, so
 * a phone's camera opens the field app at the position). SVG stays sharp at any print size.
 */
async function drawCodes(nfcIds: string[], publicUrl: string): Promise<Codes> {
  const QRCode = await import('qrcode');
  const entries = await Promise.all(
    nfcIds.map(async (id) => {
      const svg = await QRCode.toString(tagUrl(publicUrl, id), {
        type: 'svg',
        margin: 1,
        errorCorrectionLevel: 'M',
      });
      return [id, `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`] as const;
    }),
  );
  return Object.fromEntries(entries);
}

function TagCards({ positions, codes }: { positions: Position[]; codes: Codes }) {
  const { t } = useTranslation();
  return (
    <ul className="tag-sheet plain-list">
      {positions.map((p) => (
        <li key={p.id} className="tag-card row-between">
          <div className="tag-card__text">
            <strong className="tag-card__code">{p.position_code}</strong>
            <span className="tag-card__name">{p.position_name}</span>
            {p.nfc_tag_id ? (
              <TagId value={p.nfc_tag_id} className="tag-card__nfc" />
            ) : (
              <span className="tag-card__nfc">{t('positions.tagSheet.noTag')}</span>
            )}
          </div>
          {p.nfc_tag_id && codes[p.nfc_tag_id] ? (
            <img
              className="tag-card__qr"
              src={codes[p.nfc_tag_id]}
              alt={t('positions.tagSheet.qrLabel', { nfc: p.nfc_tag_id })}
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export default function TagSheetDialog({ positions, visible, onHide }: Props) {
  const { t } = useTranslation();
  const [codes, setCodes] = useState<Codes | null>(null);
  const [failed, setFailed] = useState(false);
  const nfcKey = positions.map((p) => p.nfc_tag_id ?? '').join('\n');
  const { publicUrl } = useSiteSettings();

  useEffect(() => {
    if (!visible) return;
    let current = true;
    setCodes(null);
    setFailed(false);
    drawCodes(nfcKey.split('\n').filter(Boolean), publicUrl)
      .then((drawn) => current && setCodes(drawn))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [visible, nfcKey, publicUrl]);

  // While the sheet is open, printing the page prints the sheet alone.
  useEffect(() => {
    if (!visible) return;
    document.body.classList.add('printing-tag-sheet');
    return () => document.body.classList.remove('printing-tag-sheet');
  }, [visible]);

  const footer = (
    <div className="dialog-footer">
      <Button type="button" label={t('common.close')} text onClick={onHide} />
      <Button
        type="button"
        icon="pi pi-print"
        label={t('positions.tagSheet.print')}
        disabled={!codes}
        onClick={() => window.print()}
      />
    </div>
  );

  return (
    <>
      <Dialog
        header={t('positions.tagSheet.header')}
        visible={visible}
        onHide={onHide}
        footer={footer}
        modal
        draggable={false}
        className="form-dialog form-dialog--wide tag-sheet-dialog"
        breakpoints={{ '640px': '95vw' }}
      >
        <p className="tag-sheet-dialog__intro">
          {t('positions.tagSheet.intro', { count: positions.length })}
        </p>
        {failed ? (
          <Message severity="error" text={t('positions.tagSheet.failed')} className="form-alert" />
        ) : null}
        {!codes && !failed ? <p role="status">{t('positions.tagSheet.drawing')}</p> : null}
        {codes ? <TagCards positions={positions} codes={codes} /> : null}
      </Dialog>
      {visible && codes
        ? createPortal(
            <div className="tag-sheet-print">
              <TagCards positions={positions} codes={codes} />
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
