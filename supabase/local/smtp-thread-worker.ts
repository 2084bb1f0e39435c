// The sender's SMTP thread (smtp-thread.ts): each mail posted to it is sent through the mailer's
// smtpTransport (a pool of connections to the catcher) and its answer posted back.
import { parentPort, workerData } from 'node:worker_threads';
import type { OutgoingMail } from '../functions/_shared/mail/message.ts';
import { smtpTransport } from '../functions/_shared/mail/smtp.ts';

const send = smtpTransport((workerData as { url: string }).url);
parentPort!.on('message', (m: { id: number; mail: OutgoingMail } | { close: true }) => {
  if ('close' in m) {
    send.close();
    parentPort!.close();
    return;
  }
  void send(m.mail).then((result) => parentPort!.postMessage({ id: m.id, result }));
});
