#import <UIKit/UIKit.h>

// The layout in code: visual format lines as written, and each other constraint on its own.
@interface CenteredViewController : UIViewController
@end

@implementation CenteredViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    UILabel *badThing = [[UILabel alloc] init];
    badThing.translatesAutoresizingMaskIntoConstraints = NO;
    [self.view addSubview:badThing];
}

@end
