/** The JSON Schema subset the catalog writes (package.json's tool schemas and settings). */
export interface JsonSchema {
  type?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  enum?: readonly (string | number)[];
  [keyword: string]: unknown;
}
