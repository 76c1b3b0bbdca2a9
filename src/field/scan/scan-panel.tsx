/**
 * Scan: Web NFC where the phone has it (hold the phone to the tag), else the camera (QR), and
 * always a field to type the code. A read tag opens /t/{tag}; text that names no tag says so.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate, tagPath } from '../field-router.tsx';
import { scanQrTag } from './camera-scan.ts';
import { hasWebNfc, scanNfcTag } from './nfc.ts';
import { tagFromText } from './parse-tag.ts';

type Mode = 'idle' | 'nfc' | 'camera';
type Problem = 'field.scan.denied' | 'field.scan.unavailable' | 'field.scan.badCode';

export function ScanPanel() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('idle');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [code, setCode] = useState('');
  const video = useRef<HTMLVideoElement>(null);
  const codeId = useId();

  const open = (tag: string) => navigate(tagPath(tag));

  useEffect(() => {
    if (mode === 'idle') return;
    const abort = new AbortController();
    const reading =
      mode === 'nfc'
        ? scanNfcTag(abort.signal)
        : video.current
          ? scanQrTag(video.current, abort.signal)
          : null;
    reading?.then(
      (tag) => navigate(tagPath(tag)),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        const name = (error as { name?: string })?.name;
        setProblem(name === 'NotAllowedError' ? 'field.scan.denied' : 'field.scan.unavailable');
        setMode('idle');
      },
    );
    return () => abort.abort();
    // The mode alone: a new `t` (the language arriving after sign-in) must not restart the camera.
  }, [mode]);

  const start = () => {
    setProblem(null);
    setMode(hasWebNfc() ? 'nfc' : 'camera');
  };

  return (
    <section className="field-section" aria-labelledby="scan-title">
      <h2 id="scan-title" className="sr-only">
        {t('field.scan.title')}
      </h2>
      {mode === 'idle' ? (
        <button type="button" className="field-button is-primary is-huge" onClick={start}>
          <span className="pi pi-qrcode" aria-hidden="true" /> {t('field.scan.button')}
        </button>
      ) : (
        <div className="field-panel field-scanning" role="status">
          <p>{mode === 'nfc' ? t('field.scan.holdToTag') : t('field.scan.pointCamera')}</p>
          {mode === 'camera' ? (
            <video
              ref={video}
              className="field-video"
              muted
              playsInline
              aria-label={t('field.scan.cameraView')}
            />
          ) : null}
          <div className="field-row-actions">
            {mode === 'nfc' ? (
              <button type="button" className="field-button is-secondary" onClick={() => setMode('camera')}>
                {t('field.scan.useCamera')}
              </button>
            ) : null}
            <button type="button" className="field-button is-secondary" onClick={() => setMode('idle')}>
              {t('field.scan.stop')}
            </button>
          </div>
        </div>
      )}
      {problem ? (
        <p className="field-problem-line" role="alert">
          {t(problem)}
        </p>
      ) : null}
      <form
        className="field-code-form"
        onSubmit={(e) => {
          e.preventDefault();
          const tag = tagFromText(code);
          if (tag) open(tag);
          else setProblem('field.scan.badCode');
        }}
      >
        <label htmlFor={codeId}>{t('field.scan.typeCode')}</label>
        <div className="field-code-row">
          <input
            id={codeId}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={300}
            inputMode="text"
          />
          <button type="submit" className="field-button is-secondary">
            {t('field.scan.open')}
          </button>
        </div>
      </form>
    </section>
  );
}
