/**
 * The message keys of the validation rules (`validation.*`) with their English text, as the
 * server's answers describe them (validation.ts; docs/decisions/0015). Kept apart from the rules so
 * each file stays readable.
 */
export const validationMessages = {
  'validation.required': 'required',
  'validation.number': 'not a valid number',
  'validation.notNegative': 'must be 0 or more (not negative)',
  'validation.integer': 'not a whole number',
  'validation.positiveInteger': 'must be a whole number above 0',
  'validation.digits': 'digits only',
  'validation.referenceDigits': 'at most 10 digits',
  'validation.email': 'not a valid e-mail address',
  'validation.phone':
    'not a valid phone number: digits, spaces and dashes, + or 00 and the country code first, 8 to 15 digits in all',
  'validation.phoneNO': 'a Norwegian number (+47) has 8 digits after the country code',
  'validation.phoneSE':
    'a Swedish number (+46) has 7 to 9 digits after the country code (without the first 0)',
  'validation.phoneDK': 'a Danish number (+45) has 8 digits after the country code',
  'validation.phoneFI':
    'a Finnish number (+358) has 5 to 12 digits after the country code (without the first 0)',
  'validation.phonePrefix': 'a phone prefix starts with + or 00',
  'validation.zipCode': 'not a valid postal code: 3 to 7 letters or digits',
  'validation.zipCodeNO': 'postal code must be 4 digits in Norway',
  'validation.zipCodeSE': 'postal code must be 5 digits in Sweden (e.g. 123 45)',
  'validation.zipCodeDK': 'postal code must be 4 digits in Denmark',
  'validation.zipCodeFI': 'postal code must be 5 digits in Finland',
  'validation.orgNumberNO': 'not a valid Norwegian organisation number (9 digits)',
  'validation.orgNumberSE': 'not a valid Swedish organisation number (NNNNNN-NNNN)',
  'validation.orgNumberDK': 'not a valid CVR number (8 digits)',
  'validation.orgNumberFI': 'not a valid business ID (Y-tunnus, NNNNNNN-N)',
  'validation.orgNumber': 'not a valid organisation number of Norway, Sweden, Denmark or Finland',
  'validation.vatNeedsOrgNumber': 'VAT registration needs the organisation number',
  'validation.bankAccountNO': 'not a valid account number (11 digits) or IBAN',
  'validation.bankAccountSE': 'not a valid bankgiro number or IBAN',
  'validation.iban': 'not a valid IBAN',
  'validation.fikCreditor': 'a FIK creditor number has 8 digits and is for Danish departments only',
  'validation.hdCountry': 'home-delivery departments are in Norway, Sweden or Denmark only',
  'validation.date': 'invalid date format',
  'validation.time': 'invalid time format (HH:mm)',
  'validation.duration': 'not a valid duration',
  'validation.future': 'must be in the future',
  'validation.timeWindow': 'the end must be later than the start',
  'validation.deliveryEnd': 'the delivery end must be later than its start',
  'validation.deliveryBeforePickup': 'delivery cannot start before the pickup date',
  'validation.dimensions': 'length, width and height are all zero or all above zero',
  'validation.tooLong': 'too long',
  'validation.tooMany': 'too many',
  'validation.tooManyPackages': 'at most 1000 packages per order',
  'validation.atLeastOne': 'at least one is needed',
  'validation.choice': 'not one of the choices',
  'validation.excludedVas': 'this additional service cannot be booked',
  'validation.coordinates': 'not valid coordinates',
  'validation.invalid': 'not valid',
  'validation.unknownId': 'does not exist',
  'validation.factor': 'a number from 0.5 to 2 in steps of 0.1',
  'validation.color': 'a colour as #RRGGBB',
  'validation.breakDuration': 'required break duration: 1 minute to 10 hours',
  'validation.maxWorkingTime': 'max working time is 1 or 4 to 12 hours',
  'validation.dateOfBirthForSecureLogin': 'secure login needs a date of birth',
  'validation.requiredEarliestStartBreak': 'the earliest start of the break is required',
  'validation.dateRange': 'the end date must not be before the start date',
  'validation.dateRangeTooLong': 'at most 62 days at once',
  // The department's calendar (docs/decisions/0078-time-windows.md).
  'validation.overlap': 'overlaps another window',
  'validation.periodTooLong': 'at most 366 days',
  'validation.pickupClosed': 'no pickups on this day: the department is closed for pickups',
  'validation.deliveryClosed': 'no deliveries on this day: the department is closed for deliveries',
  'validation.departmentClosed':
    'the department is closed on this day (no pickups, no deliveries): nothing to plan',
  'validation.afterCutoff':
    'too late to book a pickup on this day (past the cut-off or the last pickup): choose the next open day',
  'validation.beforeEarliestPickup':
    'earlier than the earliest pickup (the lead time after booking)',
  'validation.outsidePickupHours': "outside the department's pickup hours on this day",
  'validation.outsideDeliveryHours': "outside the department's delivery hours on this day",
  // The department matrix (docs/decisions/0079-department-matrix.md).
  'validation.postalCodeRange':
    'the last postal code must have as many digits as the first and not come before it',
  'validation.serviceRepeated': 'this service is already in the list',
  'validation.rangeOverlap':
    'overlaps another range of this department that offers the same service',
  // Spreadsheet import (docs/decisions/0059-import.md).
  'validation.zipCodeUnknown': 'no such postal code in this country',
  'validation.duplicateReference': 'the same customer reference as another row or a booked order',
  // The address book's upload (docs/decisions/0061-address-book.md).
  'validation.duplicateCode': 'the same address code as another row of the file',
  'validation.customerWithoutDepartment':
    "the customer has no department: upload from a department's address book",
  // Content: banners, news, help modals (docs/decisions/0077-content.md).
  'validation.englishRequired': 'the English text is required',
  'validation.linkNotUrl': 'the link is not a web address',
  'validation.linkHttps': 'the link must start with https://',
  'validation.linkHost': 'the link needs a full host name (e.g. status.example.com)',
  'validation.linkCredentials': 'the link must not carry a user or password',
  'validation.publishedInFuture': 'a start in the future is Scheduled, not Published',
  // Services and texts (docs/decisions/0081-services-and-texts.md).
  'validation.unknownPlaceholder': 'a {placeholder} this group of texts does not know',
  'validation.textKey': 'letters, digits, dot, - and _ only',
  'validation.textKeyTaken': 'another text of this group has this key',
  'validation.preAdviceTextKey':
    'pre-advice keys: sms, emailSubject, emailBody, or one of them with .TRIGGER (e.g. sms.BOOKED)',
  'validation.notTransport': 'not a transport (service) article',
  // Upsales rules (docs/decisions/0087-upsales-rules.md).
  'validation.notVas': 'not a value-added service article',
  'validation.weightRange': 'the upper weight must not be below the lower',
  // Vendors (docs/decisions/0091-vendors.md).
  'validation.siteCode': 'letters, digits, - and _ only (at most 20)',
  'validation.duplicateSiteCode': 'another site of this vendor has this code',
  'validation.unknownSite': 'no site of this vendor has this code',
  'validation.siteHasUnits': 'units are connected to this site: connect them elsewhere first',
  // Service codes (docs/decisions/0093-service-codes.md).
  'validation.serviceCodePlaceholder': 'a service code may hold only {W}, {E} and {V}',
  'validation.serviceCode': 'A–Z, 0–9, - and _ only, at most 40 characters',
  // Same-day home delivery (docs/decisions/0092-shd.md).
  'validation.shdFull': 'same-day home delivery is fully booked on this day for the department',
  'validation.shdOff': 'same-day home delivery is off for the department',
  'validation.serviceWeightBracket':
    "the order weighs more than the service code's largest bracket (8000 kg)",
  // Number series and customers, edited and deleted (docs/decisions/0099).
  'validation.seriesEndBeforeNext':
    'the range must not end before a number already handed out (or its start)',
  'validation.serialBeyondPrefix': 'more digits than the company prefix leaves for the serial',
} as const;
