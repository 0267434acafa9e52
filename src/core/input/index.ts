export { InputSchema, JsonSchema, ObjectSchema, StringSchema, NumberSchema, BooleanSchema, ArraySchema } from './schema';
export { validateInput, validateInput as checkInputAgainstSchema, expectedOf, InputError, ValidateOptions, Validation, HARD_MAX_ITEMS } from './validate-input';
export { describeValue } from './describe-value';
