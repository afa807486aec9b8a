import 'server-only';
import { electronicFormatIBAN, isSEPACountry, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/** Why a field of the direct-debit form is refused, as a message key under `Errors`. */
export type BankDetailsProblem =
  'iban_invalid' | 'iban_checksum' | 'iban_country' | 'mobile_invalid' | 'mobile_country';

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: BankDetailsProblem };

/**
 * An IBAN as typed (spaces, dashes, lower case) checked by its country's rules (length and BBAN
 * format) and its check digits; SEPA countries only. Answers the electronic format ("NL91ABNA…").
 */
export function checkIban(input: string): Checked<string> {
  const iban = electronicFormatIBAN(input.replace(/[\s-]+/g, ''));
  if (!iban || !/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return { ok: false, problem: 'iban_invalid' };
  const result = validateIBAN(iban);
  if (!result.valid) {
    const errors = result.errorCodes;
    if (errors.includes(ValidationErrorsIBAN.NoIBANCountry)) return { ok: false, problem: 'iban_invalid' };
    const onlyChecksum = errors.every(
      (error) =>
        error === ValidationErrorsIBAN.WrongIBANChecksum ||
        error === ValidationErrorsIBAN.WrongAccountBankBranchChecksum,
    );
    return { ok: false, problem: onlyChecksum ? 'iban_checksum' : 'iban_invalid' };
  }
  if (!isSEPACountry(iban.slice(0, 2))) return { ok: false, problem: 'iban_country' };
  return { ok: true, value: iban };
}

/**
 * A mobile number of the payment country, as typed in the national or international format.
 * Answers E.164; a number of another country, a landline or an impossible number is refused.
 */
export function checkMobile(input: string, country: string): Checked<string> {
  const phone = parsePhoneNumberFromString(input, country as CountryCode);
  if (!phone || !phone.isValid()) return { ok: false, problem: 'mobile_invalid' };
  if (phone.country !== country) return { ok: false, problem: 'mobile_country' };
  const type = phone.getType();
  if (type !== undefined && type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') {
    return { ok: false, problem: 'mobile_invalid' };
  }
  return { ok: true, value: phone.number };
}
