import XML
