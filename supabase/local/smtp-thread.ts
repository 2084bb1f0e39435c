// The stand-in's sender writes to the catcher from a worker thread of its own (smtp-thread-worker.ts
// runs the mailer's smtpTransport there). nodemailer builds each mail's MIME (quoted-printable HTML and
// text) and streams it to the socket: the largest part of a mail's cost, as much as the database's and
// the catcher's together. npm start runs the stand-in, the sender and the catcher in one process; on
// the main thread the build would wait for them and they for it. The answers are smtpTransport's.
import type { OutgoingMail, SendResult } from '../functions/_shared/mail/message.ts';
import type { SmtpTransport } from '../functions/_shared/mail/smtp.ts';
import { tsWorker } from './ts-worker.ts';

export function threadedSmtpTransport(url: string): SmtpTransport {
  const worker = tsWorker(new URL('./smtp-thread-worker.ts', import.meta.url), { workerData: { url } });
  worker.unref();
  const waiting = new Map<number, (r: SendResult) => void>();
  let next = 0;
  let stopped: string | undefined;
  // A thread that stopped leaves each mail claimed, tried again after its lease: a passing failure.
  const stop = (why: string) => {
    stopped = why;
    for (const done of waiting.values()) done({ ok: false, retry: true, error: why });
    waiting.clear();
  };
  worker.on('message', (m: { id: number; result: SendResult }) => {
    waiting.get(m.id)?.(m.result);
    waiting.delete(m.id);
  });
  worker.on('error', (e: Error) => stop(`SMTP: the sender's thread failed: ${e.message}`));
  worker.on('exit', () => stop('SMTP: the sender\'s thread has stopped'));
  const send = (mail: OutgoingMail): Promise<SendResult> => {
    if (stopped) return Promise.resolve({ ok: false, retry: true, error: stopped });
    const id = next++;
    return new Promise((done) => {
      waiting.set(id, done);
      worker.postMessage({ id, mail });
    });
  };
  // Closes the pool's connections (QUIT), then the thread ends by itself.
  return Object.assign(send, { close: () => worker.postMessage({ close: true }) });
}
