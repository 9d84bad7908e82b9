// Friendly names for the schemas of the shop's OpenAPI document, as openapi-typescript generated
// them into schema.d.ts (`make api-types` regenerates it). Import API shapes from here, not from
// schema.d.ts.
import type { components } from './schema';

type Schemas = components['schemas'];

/**
 * The document's type of a field when it says which values the field takes (an enum), else
 * `Fallback`: the web's own narrower type for a field the document leaves a plain string. Once the
 * document gains the enum, the generated type takes over by itself.
 */
export type Narrowed<Documented, Fallback> = string extends Documented ? Fallback : Documented;

// Catalogue
export type Part = Schemas['Part'];
export type Fitment = Schemas['Fitment'];
export type PartRequest = Schemas['PartRequest'];
export type PartChanges = Schemas['PartChanges'];
export type RestockRequest = Schemas['RestockRequest'];
export type CategoryCount = Schemas['CategoryCount'];
export type VehicleMake = Schemas['VehicleMake'];
export type VehicleModel = Schemas['VehicleModel'];

// Vehicles: VIN lookup and My Garage
export type VinVehicle = Schemas['VinVehicle'];
export type CatalogueVehicle = Schemas['CatalogueVehicle'];
export type GarageVehicle = Schemas['GarageVehicle'];
export type VehicleRequest = Schemas['VehicleRequest'];

// Orders and payments
export type Booking = Schemas['Booking'];
export type OrderRequest = Schemas['OrderRequest'];
export type OrderPlaced = Schemas['OrderPlaced'];
export type PayRequest = Schemas['PayRequest'];
export type IntentRequest = Schemas['IntentRequest'];
export type IntentCreated = Schemas['IntentCreated'];
export type CardDetails = Schemas['CardDetails'];
export type BillingDetails = Schemas['BillingDetails'];
export type ConfirmRequest = Schemas['ConfirmRequest'];
export type ShipRequest = Schemas['ShipRequest'];
export type Confirmed = Schemas['Confirmed'];

// Returns (RMAs)
export type ReturnView = Schemas['ReturnView'];
export type ReturnLineView = Schemas['ReturnLineView'];
export type ReturnPolicy = Schemas['ReturnPolicy'];
export type ReturnFigures = Schemas['ReturnFigures'];
export type ReturnPolicyRequest = Schemas['ReturnPolicyRequest'];
export type RestockingFee = Schemas['RestockingFee'];
export type ReturnRequest = Schemas['ReturnRequest'];
export type ReturnLineRequest = Schemas['ReturnLineRequest'];
export type ApproveRequest = Schemas['ApproveRequest'];
export type RejectRequest = Schemas['RejectRequest'];
export type ReceiveRequest = Schemas['ReceiveRequest'];

// The cart and checkout
export type Cart = Schemas['Cart'];
export type CartLine = Schemas['CartLine'];
export type BrowserCart = Schemas['BrowserCart'];
export type BrowserCartLine = Schemas['BrowserCartLine'];
export type AddLineRequest = Schemas['AddLineRequest'];
export type SetLineRequest = Schemas['SetLineRequest'];
export type CheckoutQuote = Schemas['CheckoutQuote'];
export type CheckoutQuoteRequest = Schemas['CheckoutQuoteRequest'];
export type CheckoutRequest = Schemas['CheckoutRequest'];
export type DeliveryOption = Schemas['DeliveryOption'];
export type OrderLine = Schemas['OrderLine'];
export type OrderLineRequest = Schemas['OrderLineRequest'];
export type OrderDelivery = Schemas['OrderDelivery'];

// Addresses, delivery and tax
export type Address = Schemas['Address'];
export type AddressRequest = Schemas['AddressRequest'];
export type Counter = Schemas['Counter'];
export type CounterRequest = Schemas['CounterRequest'];
export type ShippingChoices = Schemas['ShippingChoices'];
export type ShippingMethod = Schemas['ShippingMethod'];
export type ShippingMethodRequest = Schemas['ShippingMethodRequest'];
export type TaxRate = Schemas['TaxRate'];
export type TaxRateRequest = Schemas['TaxRateRequest'];

// Accounts
export type UserView = Schemas['UserView'];
export type Role = Schemas['Role'];
export type AuthResponse = Schemas['AuthResponse'];
export type GoogleSignIn = Schemas['GoogleSignIn'];
export type LoginRequest = Schemas['LoginRequest'];
export type SignupRequest = Schemas['SignupRequest'];
export type ExchangeRequest = Schemas['ExchangeRequest'];
export type AdminCheck = Schemas['AdminCheck'];
export type ForgotPasswordRequest = Schemas['ForgotPasswordRequest'];
export type ResetPasswordRequest = Schemas['ResetPasswordRequest'];
export type VerifyEmailRequest = Schemas['VerifyEmailRequest'];
export type EmailVerified = Schemas['EmailVerified'];
export type ChangePasswordRequest = Schemas['ChangePasswordRequest'];
export type TokenResponse = Schemas['TokenResponse'];
export type SignedOut = Schemas['SignedOut'];
export type MessageResponse = Schemas['MessageResponse'];

// Profiles and reviews
export type Profile = Schemas['Profile'];
export type ProfileRequest = Schemas['ProfileRequest'];
export type Review = Schemas['Review'];
export type ReviewRequest = Schemas['ReviewRequest'];

// The shop, uploads and write answers
export type PublicConfig = Schemas['PublicConfig'];
export type UploadResponse = Schemas['UploadResponse'];
export type ErrorBody = Schemas['ErrorBody'];
export type InsertedId = Schemas['InsertedId'];
export type UpdateResult = Schemas['UpdateResult'];
export type DeletedCount = Schemas['DeletedCount'];
export type ModifiedCount = Schemas['ModifiedCount'];

// Admin: the sales dashboard, catalogue import and the audit log
export type Dashboard = Schemas['Dashboard'];
export type DayFigures = Schemas['DayFigures'];
export type TopPart = Schemas['TopPart'];
export type LowStockPart = Schemas['LowStockPart'];
export type ImportResult = Schemas['ImportResult'];
/** Where an import's job stands: `running`, then `done`; `failed` or `cut` (its `error` says why). */
export type ImportJobState = 'running' | 'done' | 'failed' | 'cut';
/**
 * An import the shop runs in the background, as it stands: `rows` in the file, `rowsDone` applied
 * so far (for a dry run checked and counted), and the counts so far (final once `done`).
 */
export type ImportJob = Omit<Schemas['ImportJob'], 'state'> & { state: ImportJobState };
export type ImportJobs = Schemas['ImportJobs'];
export type ImportErrors = Schemas['ImportErrors'];
export type RowError = Schemas['RowError'];
export type AuditRecord = Schemas['AuditRecord'];

// The contact form
export type ContactMessage = Schemas['ContactMessage'];
export type ContactRequest = Schemas['ContactRequest'];
