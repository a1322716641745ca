import { redactUrl } from './access-log';

describe('redactUrl', () => {
  it('hides credential-like query values and key-shaped text anywhere', () => {
    expect(redactUrl('/api/v1/doctors?access_token=gtad_live_abc123XYZ987&limit=5')).toBe(
      '/api/v1/doctors?access_token=[redacted]&limit=5',
    );
    expect(redactUrl('/api/v1/doctors?limit=5&api_key=s3cr3t')).toBe(
      '/api/v1/doctors?limit=5&api_key=[redacted]',
    );
    expect(redactUrl('/api/v1/doctors/gtad_admin_Abcdefgh12345678')).toBe(
      '/api/v1/doctors/gtad_admin_[redacted]',
    );
  });

  it('leaves ordinary URLs alone and bounds long ones', () => {
    expect(redactUrl('/api/v1/doctors?languages=Tamil&limit=5')).toBe(
      '/api/v1/doctors?languages=Tamil&limit=5',
    );
    expect(redactUrl('/api/v1/doctors?q=ab')).toBe('/api/v1/doctors?q=ab');
    const long = redactUrl('/api/v1/doctors?q=' + 'a'.repeat(5000));
    expect(long.length).toBeLessThan(230);
    expect(long).toMatch(/…\(5018 chars\)$/);
  });
});
