import { REDACTED, Redactor } from '../redact.js';

/**
 * A Redactor that also hides credentials it learns while the tap runs (the token of an
 * Authorization header, a cookie value): a server that echoes one back in a body or a
 * log line must not put it in the recording either.
 */
export class LearningRedactor extends Redactor {
  private learned: string[] = [];

  learn(secret: string): void {
    for (const part of [secret, ...secret.split(/[\s;,=]+/)]) {
      if (part.length >= 8 && !this.learned.includes(part)) this.learned.push(part);
    }
    this.learned.sort((a, b) => b.length - a.length);
  }

  override text(value: string): string {
    let out = value;
    for (const secret of this.learned) out = out.split(secret).join(REDACTED);
    return super.text(out);
  }
}

/** `https://user:pass@host/x` → `https://[redacted]@host/x`, and the secrets in it. */
export function withoutUserinfo(url: URL): { shown: string; secrets: string[] } {
  if (!url.username && !url.password) return { shown: url.href, secrets: [] };
  const secrets = [url.username, url.password, decodeURIComponent(url.password)].filter((s) => s.length > 0);
  const clean = new URL(url.href);
  clean.username = '';
  clean.password = '';
  return { shown: clean.href.replace('://', `://${REDACTED}@`), secrets };
}
