import { buildSchema } from "graphql";

/**
 * The part of Shopify's Admin GraphQL schema that Harbor queries, with Shopify's own type and
 * argument names. The fake executes queries against it, so a client query that drifts from
 * Shopify's schema (a renamed field, a wrong argument type) fails the tests as it would in a shop.
 * Grow it as clients need more; copy definitions from Shopify's reference, never invent them.
 */
export const shopifyAdminSchema = buildSchema(/* GraphQL */ `
  scalar DateTime
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

  type Query {
    shop: Shop!
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
`);
