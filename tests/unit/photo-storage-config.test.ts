/** PHOTO_STORE and the S3 settings: read once at start, refused with a message naming the setting. */
import { describe, expect, it } from 'vitest';
import { loadConfig, parsePhotoStorage } from '../../server/src/config.ts';
import { isPhotoKey } from '../../server/src/infra/photo-stores.ts';

describe('photo storage settings', () => {
  it('defaults to the folder, PHOTO_DIR when set', () => {
    expect(loadConfig({}).photos).toEqual({ kind: 'local', dir: undefined });
    expect(parsePhotoStorage({ PHOTO_DIR: '/srv/photos' })).toEqual({ kind: 'local', dir: '/srv/photos' });
  });

  it('reads the bucket, with path style on when an endpoint is given', () => {
    const s3 = parsePhotoStorage({
      PHOTO_STORE: 's3',
      S3_ENDPOINT: 'http://minio:9000/',
      S3_BUCKET: 'tagger-photos',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(s3).toEqual({
      kind: 's3',
      s3: {
        endpoint: 'http://minio:9000',
        bucket: 'tagger-photos',
        region: 'us-east-1',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        forcePathStyle: true,
      },
    });
    const aws = parsePhotoStorage({ PHOTO_STORE: 's3', S3_BUCKET: 'photos', S3_REGION: 'eu-north-1' });
    expect(aws).toMatchObject({ s3: { endpoint: undefined, region: 'eu-north-1', forcePathStyle: false } });
    const vhost = parsePhotoStorage({
      PHOTO_STORE: 's3',
      S3_BUCKET: 'photos',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(vhost).toMatchObject({ s3: { forcePathStyle: false } });
  });

  it.each([
    [{ PHOTO_STORE: 'nfs' }, /PHOTO_STORE must be "local" or "s3"/],
    [{ PHOTO_STORE: 's3' }, /PHOTO_STORE=s3 needs S3_BUCKET/],
    [{ PHOTO_STORE: 's3', S3_BUCKET: 'Not_A_Bucket' }, /S3_BUCKET must be a bucket name/],
    [{ PHOTO_STORE: 's3', S3_BUCKET: 'photos', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT must be/],
    [{ PHOTO_STORE: 's3', S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'key' }, /set together/],
    [{ PHOTO_STORE: 's3', S3_BUCKET: 'photos', S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('takes only the keys the server makes', () => {
    expect(isPhotoKey('main/12/0b9c.jpg')).toBe(true);
    for (const key of ['', '/main/1/a.jpg', 'main//a.jpg', 'main/../x', './a', 'a\\b', 'a\0b'])
      expect(isPhotoKey(key), key).toBe(false);
  });
});
