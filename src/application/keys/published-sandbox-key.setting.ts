import { ParsedApiKey, parseApiKey } from '../../domain/keys/api-key-format';
import { DEFAULT_SANDBOX_KEY } from '../../domain/keys/published-sandbox-key';

/** The published sandbox key in use: SANDBOX_KEY when set, else the default shown in the README. */
export class PublishedSandboxKey {
  readonly key: ParsedApiKey;

  constructor(configured: string | undefined) {
    const raw = configured ?? DEFAULT_SANDBOX_KEY;
    const parsed = parseApiKey(raw);
    if (!parsed || parsed.tier !== 'sandbox') {
      throw new Error(
        'Invalid configuration: SANDBOX_KEY must be a well-formed sandbox key: ' +
          'gtad_sandbox_<at least 30 base62 characters><6 base62 characters of their CRC32>',
      );
    }
    this.key = parsed;
  }
}
