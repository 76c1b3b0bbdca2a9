/**
 * One email's two bodies from the same parts: plain text, and a small HTML page with the action
 * as a button and the link written out below it (for mail programs that block buttons). Every
 * value is escaped into the HTML; nothing from input reaches it unescaped.
 */
import type { Language } from '#domain/languages.ts';

export interface EmailParts {
  language: Language;
  subject: string;
  greeting: string;
  /** Paragraphs before the action. */
  intro: string[];
  action: { label: string; url: string };
  /** Said under the button, before the written-out link. */
  fallback: string;
  /** Paragraphs after the link (how long it works, what to do if unexpected). */
  outro: string[];
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** A subject is one line: line breaks a name might carry are spaces there. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

export function renderEmail(parts: EmailParts): RenderedEmail {
  const { action } = parts;
  const text = [parts.greeting, ...parts.intro, `${action.label}:\n${action.url}`, ...parts.outro].join(
    '\n\n',
  );
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const url = escapeHtml(action.url);
  const html = `<!doctype html>
<html lang="${parts.language}">
<head><meta charset="utf-8"><title>${escapeHtml(oneLine(parts.subject))}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
${paragraph(parts.greeting)}
${parts.intro.map(paragraph).join('\n')}
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#52606d">${escapeHtml(parts.fallback)}<br><a href="${url}" style="color:#1d4ed8;word-break:break-all">${url}</a></p>
${parts.outro.map(paragraph).join('\n')}
</div>
</body>
</html>
`;
  return { subject: oneLine(parts.subject), text: `${text}\n`, html };
}
