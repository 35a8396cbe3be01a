import { ensureDynamoDbLocal } from '../tools/local-stack/dynamodb';

/** Fetches DynamoDB Local into .local/ (also done on demand by `npm start` and the tests). */
console.log(`DynamoDB Local ready in ${ensureDynamoDbLocal()}`);
