import Foundation

/// What events are about, read from their titles: categories of a vocabulary (formats, levels,
/// the tools a community names, the fields it works in), each with its terms in English, Spanish, Portuguese, French
/// and German. A term matches whole words, case and accents aside ("Taller de Shiny" is a
/// workshop about Shiny). Short tokens that name other things are left out, as R-Ladies' own
/// topic reports learnt: no bare "ml", no "sf" ("R-Ladies SF" is San Francisco).
package struct TopicVocabulary: Sendable {
    package enum Kind: String, CaseIterable, Sendable, Encodable {
        case format = "Format", level = "Level", tool = "Tool", domain = "Domain"

        /// As the config spells it (`reports.topics[].kind`).
        package var configName: String { rawValue.lowercased() }
    }

    package struct Category: Sendable, Equatable, Encodable {
        package var name: String
        package var kind: Kind
        /// Folded (lowercase, no accents), as `fold` makes them.
        package var terms: [String]

        package init(_ name: String, _ kind: Kind, _ terms: [String]) {
            self.name = name
            self.kind = kind
            self.terms = terms.map(TopicVocabulary.fold)
        }
    }

    package let categories: [Category]
    /// Every term as its words, by its first word, with its category's index. A title is matched
    /// by looking its words up here: searching each title for each of some 200 terms (Foundation's
    /// `contains`, CFStringFind) was 4.6 % of the record workload's CPU under `perf`, most of the
    /// 0.5 s the reports added to its second night.
    private let termsByFirstWord: [String: [(category: Int, words: [String])]]

    package init(categories: [Category]) {
        self.categories = categories
        var index: [String: [(category: Int, words: [String])]] = [:]
        for (number, category) in categories.enumerated() {
            for term in category.terms {
                let words = term.split(separator: " ").map(String.init)
                if let first = words.first { index[first, default: []].append((number, words)) }
            }
        }
        termsByFirstWord = index
    }

    /// This vocabulary with `added`'s categories: one with a name already here adds its terms
    /// to that category (each term once), a new one comes after the rest.
    package func adding(_ added: [Category]) -> TopicVocabulary {
        var categories = self.categories
        for category in added {
            if let index = categories.firstIndex(where: { $0.name == category.name }) {
                let known = Set(categories[index].terms)
                categories[index].terms += category.terms.filter { !known.contains($0) }
            } else {
                categories.append(category)
            }
        }
        return TopicVocabulary(categories: categories)
    }

    /// The categories `title` names, each once, in the vocabulary's order.
    package func categories(of title: String) -> [Category] {
        let words = Self.fold(title).split(separator: " ").map(String.init)
        var found = Set<Int>()
        for (position, word) in words.enumerated() {
            for term in termsByFirstWord[word] ?? [] where !found.contains(term.category) {
                let end = position + term.words.count
                if end <= words.count, words[position..<end].elementsEqual(term.words) { found.insert(term.category) }
            }
        }
        return categories.indices.filter(found.contains).map { categories[$0] }
    }

    /// Lowercase, without accents, punctuation as spaces: how titles and terms are compared.
    package static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en"))
            .map { $0.isLetter || $0.isNumber ? $0 : " " }.reduce(into: "") { $0.append($1) }
            .split(separator: " ").joined(separator: " ")
    }

    /// The vocabulary shipped: formats and levels in five languages, and tools by their names.
    package static let standard = TopicVocabulary(categories: [
        Category("Workshop", .format, ["workshop", "taller", "oficina", "atelier", "werkstatt", "hands on"]),
        Category("Talk", .format, ["talk", "talks", "charla", "palestra", "conference", "conferencia", "vortrag"]),
        Category("Lightning talks", .format, ["lightning talks", "lightning talk", "charlas relampago"]),
        Category("Hackathon", .format, ["hackathon", "datathon", "hack night", "hackaton"]),
        Category(
            "Book club", .format,
            ["book club", "club de lectura", "clube do livro", "club de lecture", "buchclub", "lesekreis"]),
        Category(
            "Study group", .format,
            ["study group", "grupo de estudio", "grupo de estudos", "groupe d etude", "lerngruppe"]),
        Category("Panel", .format, ["panel", "mesa redonda", "table ronde", "podiumsdiskussion"]),
        Category(
            "Social", .format,
            ["social", "networking", "drinks", "pizza", "picnic", "stammtisch", "afterwork", "convivio", "happy hour"]),
        Category("Career", .format, ["career", "carrera", "carreira", "carriere", "karriere", "job", "jobs", "cv"]),
        Category(
            "Beginners", .level,
            [
                "beginner", "beginners", "intro", "introduction", "introduccion", "introducao", "initiation",
                "einfuhrung", "einsteiger", "principiantes", "iniciantes", "debutants", "101",
            ]),
        Category("Intermediate", .level, ["intermediate", "intermedio", "intermediario", "intermediaire"]),
        Category(
            "Advanced", .level, ["advanced", "avanzado", "avancado", "avance", "fortgeschritten", "fortgeschrittene"]),
        Category("Shiny", .tool, ["shiny"]),
        Category("tidyverse", .tool, ["tidyverse", "dplyr", "tidyr", "purrr", "tidy data"]),
        Category("ggplot2", .tool, ["ggplot2", "ggplot"]),
        Category("R Markdown and Quarto", .tool, ["r markdown", "rmarkdown", "quarto"]),
        Category("Python", .tool, ["python", "pandas", "pydata"]),
        Category("SQL", .tool, ["sql", "postgresql", "sqlite", "duckdb"]),
        Category("Git", .tool, ["git", "github", "gitlab"]),
        Category(
            "Machine learning", .tool,
            [
                "machine learning", "tidymodels", "aprendizaje automatico", "aprendizado de maquina",
                "apprentissage automatique", "maschinelles lernen", "deep learning",
            ]),
        Category(
            "Statistics", .tool,
            ["statistics", "statistical", "estadistica", "estatistica", "statistiques", "statistik", "bayesian"]),
        Category(
            "Data visualisation", .tool,
            ["data visualization", "data visualisation", "dataviz", "visualizacion", "visualizacao", "visualisation"]),
        Category("Text mining", .tool, ["text mining", "tidytext", "nlp", "mineria de texto", "mineracao de texto"]),
        Category("Web scraping", .tool, ["web scraping", "rvest", "scraping"]),
        Category("Spatial data", .tool, ["spatial", "maps", "mapas", "cartes", "gis", "geospatial", "sf package"]),
        Category("Package development", .tool, ["package development", "packages", "paquetes", "pacotes"]),
        // Fields the tools are used in, as R-Ladies' topic report groups "application domains".
        Category(
            "Health and medicine", .domain,
            [
                "health", "healthcare", "medicine", "medical", "clinical", "epidemiology", "public health", "salud",
                "saude", "sante", "gesundheit", "medicina", "medizin", "epidemiologia", "epidemiologie",
            ]),
        Category(
            "Bioinformatics and genomics", .domain,
            [
                "bioinformatics", "genomics", "bioconductor", "bioinformatica", "bioinformatique", "bioinformatik",
                "genomica", "single cell",
            ]),
        Category(
            "Finance and economics", .domain,
            [
                "finance", "financial", "economics", "econometrics", "finanzas", "financas", "economia", "economie",
                "finanzen", "okonometrie",
            ]),
        Category(
            "Environment and climate", .domain,
            [
                "climate", "environmental", "ecology", "clima", "medio ambiente", "meio ambiente", "climat",
                "environnement", "klima", "umwelt", "ecologia", "ecologie", "okologie",
            ]),
        Category(
            "Social sciences", .domain,
            [
                "social science", "social sciences", "survey data", "ciencias sociales", "ciencias sociais",
                "sciences sociales", "sozialwissenschaften", "encuestas",
            ]),
        Category(
            "Education", .domain,
            ["education", "teaching", "educacion", "educacao", "enseignement", "bildung", "docencia", "ensino"]),
        Category("Sports", .domain, ["sports", "sport", "deportes", "esportes", "football", "futbol", "futebol"]),
    ])
}
