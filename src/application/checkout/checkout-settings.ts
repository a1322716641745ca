/** The checkout's settings (CHECKOUT_PRICE_CENTS, PUBLIC_URL), bound by the composition root. */
export class CheckoutSettings {
  constructor(
    /** One-time price of a live key, in cents. */
    readonly priceCents: number,
    /** Public base address of the service, without a trailing slash (return addresses). */
    readonly publicUrl: string,
    readonly currency: string = 'cad',
  ) {}
}
