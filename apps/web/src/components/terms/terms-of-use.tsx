import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * The Terms of Use, written out from the summary of spec 02 §9 (the original wording is not
 * given): age, carriers, non-mailable goods, arbitration, refunds, insurance, liability, pickup
 * grace period, late fees and returns.
 */
const SECTIONS: readonly { heading: string; paragraphs: readonly string[]; list?: readonly string[] }[] = [
  {
    heading: '1. Who may use the service',
    paragraphs: [
      'You must be 18 years of age or older to create an account and use {brand}. By registering you confirm that the information you give us is true and that you will keep it up to date.',
    ],
  },
  {
    heading: '2. Shipping with our carriers',
    paragraphs: [
      'Labels bought through {brand} are carried by the United States Postal Service (USPS), UPS or FedEx. Each carrier’s own terms, delivery standards and claim rules apply to the packages it carries. Delivery dates shown by a carrier are estimates, not guarantees.',
    ],
  },
  {
    heading: '3. Goods you may not send or store',
    paragraphs: ['You agree not to ship, or have delivered to a {brand} locker, anything the carriers or the law forbid, including:'],
    list: [
      'explosives, fireworks, ammunition and firearms;',
      'flammable, corrosive, toxic, radioactive or otherwise hazardous materials;',
      'illegal drugs, controlled substances and drug paraphernalia;',
      'live animals and perishable goods that need refrigeration;',
      'cash, negotiable instruments, precious metals and loose gemstones;',
      'anything whose sale, possession or shipment is against the law where it is sent from, through or to.',
    ],
  },
  {
    heading: '4. Disputes and governing law',
    paragraphs: [
      'These terms are governed by the laws of the State of California. Any dispute arising from them or from the service will be settled by binding individual arbitration in California, not in court, except for claims that qualify for small-claims court. You waive any right to take part in a class action.',
    ],
  },
  {
    heading: '5. Label refunds',
    paragraphs: [
      'An unused shipping label can be refunded if you ask within 30 days of buying it. Refunds are reviewed by the carrier and take up to 14 days to process; the amount is returned to the payment method or credit balance you used.',
    ],
  },
  {
    heading: '6. Insurance and liability',
    paragraphs: [
      'You may buy insurance for a package for a declared value of up to $500 per package. Unless you bought insurance, our liability for loss of or damage to a package, however caused, is limited to $50; with insurance it is limited to $50 plus the insured value. We are not liable for indirect or consequential losses.',
    ],
  },
  {
    heading: '7. Picking up your packages',
    paragraphs: [
      'When a package is delivered to your locker we notify you by e-mail and, if you turned them on, by text message. Pickup is free until 12:00 PM PST on the day after delivery.',
      'After that grace period a late fee of 1 credit, or the current price of a day of storage, is charged for each further day, for up to 2 extra days.',
      'A package still not picked up 2 days after the grace period ends is returned to the sender, and the late fees charged remain due.',
    ],
  },
  {
    heading: '8. Changes to these terms',
    paragraphs: [
      'We may update these terms. We will tell you by e-mail before a change takes effect; using the service after that date means you accept the updated terms.',
    ],
  },
];

export function TermsOfUse({ brandName }: { brandName: string }) {
  const withBrand = (text: string) => text.replaceAll('{brand}', brandName);
  return (
    <Box sx={{ '& h3': { mt: 2.5, mb: 1 } }}>
      <Typography>
        {withBrand('These Terms of Use are an agreement between you and {brand}. Please read them carefully before you create your account.')}
      </Typography>
      {SECTIONS.map((section) => (
        <section key={section.heading}>
          <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
            {section.heading}
          </Typography>
          {section.paragraphs.map((paragraph) => (
            <Typography key={paragraph} sx={{ mb: 1 }}>
              {withBrand(paragraph)}
            </Typography>
          ))}
          {section.list && (
            <Box component="ul" sx={{ mt: 0, pl: 3 }}>
              {section.list.map((item) => (
                <li key={item}>
                  <Typography component="span">{item}</Typography>
                </li>
              ))}
            </Box>
          )}
        </section>
      ))}
    </Box>
  );
}
