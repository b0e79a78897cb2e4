/**
 * The fields of a shipping address, in form order (Shopify's MailingAddressInput names). Schema-free
 * so the widget's form can list them without pulling zod into its bundle; `orders.ts` holds the
 * schema with each field's limits.
 */
export const SHIPPING_ADDRESS_FIELDS = [
  "firstName",
  "lastName",
  "address1",
  "address2",
  "city",
  "zip",
  "countryCode",
  "provinceCode",
  "phone",
] as const;
