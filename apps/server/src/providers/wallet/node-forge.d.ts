/**
 * The few parts of node-forge (a dependency of passkit-generator, which signs with it) used to
 * make the development signing certificates. The package ships no types of its own.
 */
declare module 'node-forge' {
  namespace forge {
    namespace pki {
      interface PublicKey {
        readonly n: unknown;
      }
      interface PrivateKey {
        readonly d: unknown;
      }
      interface CertificateField {
        name?: string;
        shortName?: string;
        type?: string;
        value: string;
      }
      interface Certificate {
        serialNumber: string;
        publicKey: PublicKey;
        validity: { notBefore: Date; notAfter: Date };
        setSubject(attributes: CertificateField[]): void;
        setIssuer(attributes: CertificateField[]): void;
        setExtensions(extensions: Record<string, unknown>[]): void;
        sign(key: PrivateKey, digest?: md.MessageDigest): void;
        verify(child: Certificate): boolean;
      }
      function createCertificate(): Certificate;
      function certificateToPem(certificate: Certificate): string;
      function certificateFromPem(pem: string): Certificate;
      function privateKeyFromPem(pem: string): PrivateKey;
      function publicKeyFromPem(pem: string): PublicKey;
    }
    namespace md {
      interface MessageDigest {
        readonly algorithm: string;
      }
      namespace sha256 {
        function create(): MessageDigest;
      }
    }
  }
  export = forge;
}
