import { COUNTRY_REGIONS } from "@harbor/contract/countries";
import { buildSchema } from "graphql";

/**
 * The part of Shopify's Admin GraphQL schema that Harbor queries, with Shopify's own type and
 * argument names. The fake executes queries against it, so a client query that drifts from
 * Shopify's schema (a renamed field, a wrong argument type) fails the tests as it would in a shop.
 * Grow it as clients need more; copy definitions from Shopify's reference, never invent them.
 */
export const shopifyAdminSchema = buildSchema(/* GraphQL */ `
  scalar DateTime
  scalar Decimal
  scalar HTML
  scalar Money
  scalar URL

  enum CurrencyCode {
    AUD
    CAD
    CHF
    DKK
    EUR
    GBP
    ILS
    JPY
    NOK
    NZD
    PLN
    SEK
    USD
  }

  enum ProductStatus {
    ACTIVE
    ARCHIVED
    DRAFT
  }

  enum ProductSortKeys {
    CREATED_AT
    ID
    INVENTORY_TOTAL
    PRODUCT_TYPE
    PUBLISHED_AT
    RELEVANCE
    TITLE
    UPDATED_AT
    VENDOR
  }

  enum OrderSortKeys {
    CREATED_AT
    CUSTOMER_NAME
    FINANCIAL_STATUS
    FULFILLMENT_STATUS
    ID
    NUMBER
    PO_NUMBER
    PROCESSED_AT
    RELEVANCE
    TOTAL_ITEMS_QUANTITY
    TOTAL_PRICE
    UPDATED_AT
  }

  enum OrderCancelReason {
    CUSTOMER
    DECLINED
    FRAUD
    INVENTORY
    OTHER
    STAFF
  }

  enum OrderDisplayFinancialStatus {
    AUTHORIZED
    EXPIRED
    PAID
    PARTIALLY_PAID
    PARTIALLY_REFUNDED
    PENDING
    REFUNDED
    VOIDED
  }

  enum OrderDisplayFulfillmentStatus {
    FULFILLED
    IN_PROGRESS
    ON_HOLD
    OPEN
    PARTIALLY_FULFILLED
    PENDING_FULFILLMENT
    REQUEST_DECLINED
    RESTOCKED
    SCHEDULED
    UNFULFILLED
  }

  enum FulfillmentStatus {
    CANCELLED
    ERROR
    FAILURE
    OPEN
    PENDING
    SUCCESS
  }

  enum FulfillmentDisplayStatus {
    ATTEMPTED_DELIVERY
    CANCELED
    CONFIRMED
    DELIVERED
    FAILURE
    FULFILLED
    IN_TRANSIT
    LABEL_PRINTED
    LABEL_PURCHASED
    LABEL_VOIDED
    MARKED_AS_FULFILLED
    NOT_DELIVERED
    OUT_FOR_DELIVERY
    PICKED_UP
    READY_FOR_PICKUP
    SUBMITTED
  }

  type Query {
    shop: Shop!
    orders(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: OrderSortKeys = PROCESSED_AT
      query: String
      savedSearchId: ID
    ): OrderConnection!
    products(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: ProductSortKeys = ID
      query: String
      savedSearchId: ID
    ): ProductConnection!
    customers(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: CustomerSortKeys = ID
      query: String
    ): CustomerConnection!
    "The shop's script tags; \`src\` keeps only those loading exactly that address."
    scriptTags(first: Int, after: String, last: Int, before: String, reverse: Boolean = false, src: URL): ScriptTagConnection!
  }

  "A script the Online Store loads on its pages (vintage themes; Online Store 2.0 themes use app embeds)."
  type ScriptTag {
    id: ID!
    src: URL!
    displayScope: ScriptTagDisplayScope!
    cache: Boolean!
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  enum ScriptTagDisplayScope {
    ALL
    ONLINE_STORE
    ORDER_STATUS
  }

  type ScriptTagConnection {
    nodes: [ScriptTag!]!
    edges: [ScriptTagEdge!]!
    pageInfo: PageInfo!
  }

  type ScriptTagEdge {
    cursor: String!
    node: ScriptTag!
  }

  input ScriptTagInput {
    src: URL
    displayScope: ScriptTagDisplayScope
    cache: Boolean
  }

  type ScriptTagCreatePayload {
    scriptTag: ScriptTag
    userErrors: [UserError!]!
  }

  type ScriptTagDeletePayload {
    deletedScriptTagId: ID
    userErrors: [UserError!]!
  }

  enum CustomerSortKeys {
    CREATED_AT
    ID
    NAME
    RELEVANCE
    UPDATED_AT
  }

  type CustomerConnection {
    nodes: [Customer!]!
    edges: [CustomerEdge!]!
    pageInfo: PageInfo!
  }

  type CustomerEdge {
    cursor: String!
    node: Customer!
  }

  type Mutation {
    tagsAdd(id: ID!, tags: [String!]!): TagsAddPayload
    orderUpdate(input: OrderInput!): OrderUpdatePayload
    scriptTagCreate(input: ScriptTagInput!): ScriptTagCreatePayload
    scriptTagDelete(id: ID!): ScriptTagDeletePayload
  }

  # Shopify's CountryCode has every ISO region (and a few more); these are the widget's country list.
  enum CountryCode {
    ${COUNTRY_REGIONS.join("\n    ")}
  }

  "The fields of orderUpdate that Harbor sends (Shopify's OrderInput has more)."
  input OrderInput {
    id: ID!
    email: String
    note: String
    tags: [String!]
    shippingAddress: MailingAddressInput
  }

  input MailingAddressInput {
    address1: String
    address2: String
    city: String
    company: String
    countryCode: CountryCode
    firstName: String
    lastName: String
    phone: String
    provinceCode: String
    zip: String
  }

  type OrderUpdatePayload {
    order: Order
    userErrors: [UserError!]!
  }

  type MailingAddress {
    id: ID
    address1: String
    address2: String
    city: String
    company: String
    country: String
    countryCodeV2: CountryCode
    firstName: String
    lastName: String
    name: String
    phone: String
    province: String
    provinceCode: String
    zip: String
  }

  type TagsAddPayload {
    userErrors: [UserError!]!
  }

  type UserError {
    field: [String!]
    message: String!
  }

  type Shop {
    id: ID!
    name: String!
    email: String!
    myshopifyDomain: String!
    currencyCode: CurrencyCode!
    primaryDomain: Domain!
  }

  type Domain {
    id: ID!
    host: String!
    url: URL!
    sslEnabled: Boolean!
  }

  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }

  type ProductConnection {
    nodes: [Product!]!
    edges: [ProductEdge!]!
    pageInfo: PageInfo!
  }

  type ProductEdge {
    cursor: String!
    node: Product!
  }

  type Product {
    id: ID!
    handle: String!
    title: String!
    description(truncateAt: Int): String!
    descriptionHtml: HTML!
    productType: String!
    vendor: String!
    tags: [String!]!
    status: ProductStatus!
    createdAt: DateTime!
    updatedAt: DateTime!
    onlineStoreUrl: URL
    featuredImage: Image
    variants(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): ProductVariantConnection!
  }

  type Image {
    id: ID
    url: URL!
    altText: String
    width: Int
    height: Int
  }

  type ProductVariantConnection {
    nodes: [ProductVariant!]!
    edges: [ProductVariantEdge!]!
    pageInfo: PageInfo!
  }

  type ProductVariantEdge {
    cursor: String!
    node: ProductVariant!
  }

  type ProductVariant {
    id: ID!
    title: String!
    sku: String
    price: Money!
    availableForSale: Boolean!
  }

  type MoneyV2 {
    amount: Decimal!
    currencyCode: CurrencyCode!
  }

  type MoneyBag {
    shopMoney: MoneyV2!
    presentmentMoney: MoneyV2!
  }

  type Customer {
    id: ID!
    displayName: String!
    firstName: String
    lastName: String
    email: String
    phone: String
  }

  type OrderConnection {
    nodes: [Order!]!
    edges: [OrderEdge!]!
    pageInfo: PageInfo!
  }

  type OrderEdge {
    cursor: String!
    node: Order!
  }

  type Order {
    id: ID!
    name: String!
    email: String
    phone: String
    createdAt: DateTime!
    processedAt: DateTime!
    cancelledAt: DateTime
    cancelReason: OrderCancelReason
    note: String
    tags: [String!]!
    displayFinancialStatus: OrderDisplayFinancialStatus
    displayFulfillmentStatus: OrderDisplayFulfillmentStatus!
    totalPriceSet: MoneyBag!
    customer: Customer
    shippingAddress: MailingAddress
    lineItems(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): LineItemConnection!
    fulfillments(first: Int): [Fulfillment!]!
    refunds(first: Int): [Refund!]!
  }

  type LineItemConnection {
    nodes: [LineItem!]!
    edges: [LineItemEdge!]!
    pageInfo: PageInfo!
  }

  type LineItemEdge {
    cursor: String!
    node: LineItem!
  }

  type LineItem {
    id: ID!
    title: String!
    variantTitle: String
    quantity: Int!
    unfulfilledQuantity: Int!
    sku: String
    image: Image
  }

  type Fulfillment {
    id: ID!
    status: FulfillmentStatus!
    displayStatus: FulfillmentDisplayStatus
    createdAt: DateTime!
    updatedAt: DateTime!
    estimatedDeliveryAt: DateTime
    deliveredAt: DateTime
    trackingInfo(first: Int): [FulfillmentTrackingInfo!]!
    fulfillmentLineItems(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): FulfillmentLineItemConnection!
  }

  type FulfillmentTrackingInfo {
    company: String
    number: String
    url: URL
  }

  type FulfillmentLineItemConnection {
    nodes: [FulfillmentLineItem!]!
    edges: [FulfillmentLineItemEdge!]!
    pageInfo: PageInfo!
  }

  type FulfillmentLineItemEdge {
    cursor: String!
    node: FulfillmentLineItem!
  }

  type FulfillmentLineItem {
    id: ID!
    quantity: Int
    lineItem: LineItem!
  }

  type Refund {
    id: ID!
    createdAt: DateTime
    note: String
    totalRefundedSet: MoneyBag!
    refundLineItems(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): RefundLineItemConnection!
  }

  type RefundLineItemConnection {
    nodes: [RefundLineItem!]!
    edges: [RefundLineItemEdge!]!
    pageInfo: PageInfo!
  }

  type RefundLineItemEdge {
    cursor: String!
    node: RefundLineItem!
  }

  type RefundLineItem {
    id: ID
    quantity: Int!
    lineItem: LineItem!
  }
`);
