// Generated from src/api/openapi.json by scripts/api-types.mjs (`npm run gen:api`).
// Do not make direct changes to the file.

/**
 * The enums of the OpenAPI document's schemas: a schema that is an enum answers its values; an
 * object schema answers, by property, the values each property may take (null left out), its
 * references to enum schemas followed.
 */
export const schemaEnums = {
  "Booking": {
    "cancelReason": [
      "buyer",
      "admin",
      "expired"
    ],
    "fulfilmentStatus": [
      "pending",
      "shipped",
      "delivered",
      "cancelled"
    ],
    "paymentStatus": [
      "unpaid",
      "paid",
      "refunded"
    ],
    "status": [
      "unpaid",
      "paid",
      "shipped",
      "cancelled"
    ]
  },
  "CartLine": {
    "problem": [
      "deleted",
      "outOfStock",
      "notEnoughStock",
      "belowMinimum",
      "priceChanged"
    ]
  },
  "CategoryCount": {
    "name": [
      "Brakes",
      "Engine",
      "Filters",
      "Suspension",
      "Steering",
      "Electrical",
      "Lighting",
      "Cooling",
      "Exhaust",
      "Transmission",
      "Body",
      "Interior",
      "Wheels & Tyres",
      "Other"
    ]
  },
  "Fitment": {
    "axle": [
      "front",
      "rear"
    ],
    "side": [
      "left",
      "right"
    ]
  },
  "Part": {
    "category": [
      "Brakes",
      "Engine",
      "Filters",
      "Suspension",
      "Steering",
      "Electrical",
      "Lighting",
      "Cooling",
      "Exhaust",
      "Transmission",
      "Body",
      "Interior",
      "Wheels & Tyres",
      "Other"
    ]
  },
  "PartChanges": {
    "category": [
      "Brakes",
      "Engine",
      "Filters",
      "Suspension",
      "Steering",
      "Electrical",
      "Lighting",
      "Cooling",
      "Exhaust",
      "Transmission",
      "Body",
      "Interior",
      "Wheels & Tyres",
      "Other"
    ]
  },
  "PartRequest": {
    "category": [
      "Brakes",
      "Engine",
      "Filters",
      "Suspension",
      "Steering",
      "Electrical",
      "Lighting",
      "Cooling",
      "Exhaust",
      "Transmission",
      "Body",
      "Interior",
      "Wheels & Tyres",
      "Other"
    ]
  },
  "PublicConfig": {
    "paymentProvider": [
      "test",
      "stripe"
    ]
  },
  "ReceiveRequest": {
    "condition": [
      "resalable",
      "damaged",
      "notAsSent"
    ]
  },
  "ReturnRequest": {
    "reason": [
      "doesNotFit",
      "faulty",
      "damagedInTransit",
      "wrongPartSent",
      "noLongerNeeded",
      "orderedByMistake",
      "core"
    ]
  },
  "Role": [
    "user",
    "admin"
  ],
  "UserView": {
    "role": [
      "user",
      "admin"
    ]
  }
} as const;
