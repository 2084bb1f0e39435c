// Storage routes through supabase-js: the admin upload and the public
// preview address the platform pages embed.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { adminAtAal2, client, pdfBytes, signedIn, testStandIn, MEMBER, withJwt } from './stand-in.ts';

const standIn = testStandIn();
let admin: SupabaseClient;
beforeAll(async () => {
  admin = await adminAtAal2(standIn);
});

const pdf = (label: string) => new Blob([pdfBytes(label)], { type: 'application/pdf' });

describe('upload as the admin', () => {
  it('stores the PDF, answers with its key, and the public address serves the same bytes', async () => {
    const bucket = admin.storage.from('previews');
    const { data, error } = await bucket.upload('tests/admin-upload.pdf', pdf('first'), { upsert: true, contentType: 'application/pdf' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: 'tests/admin-upload.pdf', fullPath: 'previews/tests/admin-upload.pdf' });
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const { publicUrl } = bucket.getPublicUrl('tests/admin-upload.pdf').data;
    expect(publicUrl).toBe(`${standIn.url}/storage/v1/object/public/previews/tests/admin-upload.pdf`);
    const res = await fetch(publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdfBytes('first'));

    const head = await fetch(publicUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/pdf');
    expect(Number(head.headers.get('content-length'))).toBe(pdfBytes('first').length);
  });

  it('replaces the same path on a second upload with upsert', async () => {
    const bucket = admin.storage.from('previews');
    const first = await bucket.upload('facebook-detox-preview.pdf', pdf('v1'), { upsert: true, contentType: 'application/pdf' });
    const second = await bucket.upload('facebook-detox-preview.pdf', pdf('v2'), { upsert: true, contentType: 'application/pdf' });
    expect([first.error, second.error]).toEqual([null, null]);
    expect(second.data?.id).toBe(first.data?.id);
    const res = await fetch(bucket.getPublicUrl('facebook-detox-preview.pdf').data.publicUrl);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdfBytes('v2'));
  });

  it('accepts a raw (non-multipart) body too', async () => {
    const { error } = await admin.storage.from('previews').upload('tests/raw.pdf', pdfBytes('raw'), { contentType: 'application/pdf', upsert: true });
    expect(error).toBeNull();
    const res = await fetch(`${standIn.url}/storage/v1/object/public/previews/tests/raw.pdf`);
    expect(res.headers.get('content-type')).toBe('application/pdf');
  });

  it('without upsert, refuses an existing path as a duplicate', async () => {
    const { error } = await admin.storage.from('previews').upload('facebook-detox-preview.pdf', pdf('v3'), { contentType: 'application/pdf' });
    expect(error).toMatchObject({ name: 'StorageApiError', status: 400, statusCode: '409', message: 'The resource already exists' });
  });

  it('refuses a file that is not a PDF', async () => {
    const { error } = await admin.storage.from('previews').upload('notes.txt', new Blob(['hello'], { type: 'text/plain' }), { upsert: true });
    expect(error).toMatchObject({ status: 400, statusCode: '415', message: 'mime type text/plain is not supported' });
  });

  it('refuses a bucket that does not exist', async () => {
    const { error } = await admin.storage.from('nope').upload('x.pdf', pdf('x'), { upsert: true });
    expect(error).toMatchObject({ status: 400, statusCode: '404', message: 'Bucket not found' });
  });
});

describe('upload by anyone else', () => {
  it('refuses a signed-in user who is not an admin, with Storage’s RLS error', async () => {
    const member = await signedIn(standIn, MEMBER);
    const { data, error } = await member.storage.from('previews').upload('facebook-detox-preview.pdf', pdf('evil'), { upsert: true, contentType: 'application/pdf' });
    expect(data).toBeNull();
    expect(error).toMatchObject({ name: 'StorageApiError', status: 400, statusCode: '403', message: 'new row violates row-level security policy' });
    const res = await fetch(`${standIn.url}/storage/v1/object/public/previews/facebook-detox-preview.pdf`);
    expect(new Uint8Array(await res.arrayBuffer())).not.toEqual(pdfBytes('evil'));
  });

  it('refuses a visitor with only the public key', async () => {
    const { error } = await client(standIn).storage.from('previews').upload('new.pdf', pdf('anon'), { upsert: true, contentType: 'application/pdf' });
    expect(error).toMatchObject({ status: 400, statusCode: '403', message: 'new row violates row-level security policy' });
  });

  it('refuses an expired token', async () => {
    const stale = await withJwt(standIn, { role: 'authenticated', sub: crypto.randomUUID(), app_metadata: { role: 'admin' } }, -10);
    const { error } = await stale.storage.from('previews').upload('new.pdf', pdf('stale'), { upsert: true, contentType: 'application/pdf' });
    expect(error).toMatchObject({ status: 400, statusCode: '403' });
  });
});

describe('public object route', () => {
  it('serves the seeded previews from a fresh start', async () => {
    for (const platform of ['instagram', 'tiktok', 'youtube']) {
      const res = await fetch(`${standIn.url}/storage/v1/object/public/previews/${platform}-detox-preview.pdf`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    }
  });

  it('serves a byte range, for PDF viewers that ask for one', async () => {
    const res = await fetch(`${standIn.url}/storage/v1/object/public/previews/tiktok-detox-preview.pdf`, { headers: { range: 'bytes=0-4' } });
    expect(res.status).toBe(206);
    expect(await res.text()).toBe('%PDF-');
  });

  it('answers a missing object with Storage’s not-found error', async () => {
    const res = await fetch(`${standIn.url}/storage/v1/object/public/previews/missing.pdf`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' });
  });

  it('answers a route Storage does not have with 404', async () => {
    const { error } = await client(standIn).storage.from('previews').remove(['facebook-detox-preview.pdf']);
    expect(error).toMatchObject({ status: 404 });
  });
});
