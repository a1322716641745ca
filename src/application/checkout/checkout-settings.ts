/** The checkout's settings (CHECKOUT_PRICE_CENTS, PUBLIC_URL), bound by the composition root. */
export class CheckoutSettings {
  constructor(
    /** One-time price of a live key, in cents. */
    readonly priceCents: number,
    /**
     * Public base address of the service, without a trailing slash (return addresses); null
     * when PUBLIC_URL is unset: the addresses are then paths, relative to the page's origin
     * (only the demo provider runs without it).
     */
    readonly publicUrl: string | null,
    readonly currency: string = 'cad',
  ) {}

  /** What return addresses start with: the public address, or nothing (origin-relative). */
  get base(): string {
    return this.publicUrl ?? '';
  }
}
