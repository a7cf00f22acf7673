import { EnterpriseWizard } from '../../features/registration/components/enterprise-wizard';
import { PersonalWizard } from '../../features/registration/components/personal-wizard';

/** /register (and /Register): the individual wizard of spec 02. */
export const RegisterPersonalRoute = () => <PersonalWizard />;

/** /RegisterEnterprise: the enterprise wizard of spec 02. */
export const RegisterEnterpriseRoute = () => <EnterpriseWizard />;
